/** A JavaScript site's jsconfig.json `paths`, as import aliases (app/site/path-aliases.ts). */
import { expect, test } from "vitest";
import { parseJsconfig, pathAliasesOf } from "../../../app/site/path-aliases.ts";

const resolved = (config: unknown, source: string) => {
  for (const { find, replacement } of pathAliasesOf(config, "/repo")) {
    if (find.test(source)) return source.replace(find, replacement);
  }
  return null;
};

test.each([
  // What create-next-app writes.
  [{ "@/*": ["./src/*"] }, undefined, "@/components/Nav", "/repo/src/components/Nav"],
  [{ "@/*": ["./*"] }, undefined, "@/lib/db.js", "/repo/lib/db.js"],
  [{ "~/*": ["src/*"] }, "./app", "~/x", "/repo/app/src/x"],
  [
    { "@components/*": ["components/*.tsx"] },
    undefined,
    "@components/Nav",
    "/repo/components/Nav.tsx",
  ],
  [{ config: ["./site.config.js"] }, undefined, "config", "/repo/site.config.js"],
  // Not aliased: another prefix, an exact key's longer import, a pattern with two stars.
  [{ "@/*": ["./src/*"] }, undefined, "@acme/ui", null],
  [{ config: ["./site.config.js"] }, undefined, "config/x", null],
  [{ "a/*/b/*": ["x/*/y/*"] }, undefined, "a/1/b/2", null],
])("paths %j (baseUrl %s): %s -> %s", (paths, baseUrl, source, expected) => {
  expect(resolved({ compilerOptions: { baseUrl, paths } }, source)).toBe(expected);
});

test("a jsconfig with comments and trailing commas is read as TypeScript reads it", () => {
  const text = `{
    // create-next-app's
    "compilerOptions": { /* aliases */ "paths": { "@/*": ["./src/*"], }, },
    "include": ["http://not-a-comment"],
  }`;
  expect(parseJsconfig(text)).toEqual({
    compilerOptions: { paths: { "@/*": ["./src/*"] } },
    include: ["http://not-a-comment"],
  });
});
