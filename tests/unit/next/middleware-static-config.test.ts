/**
 * The browser learns a middleware's matcher from its source, read without
 * running it (app/next/middleware/static-config.ts): a literal is read as
 * written; anything else is unknown (null), and then every click asks the server.
 */
import { describe, expect, test } from "vitest";
import { staticMatcherOf } from "../../../app/next/middleware/static-config.ts";

describe("a middleware's matcher, read from its source", () => {
  test.each([
    ["no config", "export function middleware() {}", { matcher: undefined }],
    [
      "a config without a matcher",
      "export const config = { runtime: 'nodejs' };",
      { matcher: undefined },
    ],
    [
      "one path",
      "export const config = { matcher: '/about/:path*' };",
      { matcher: "/about/:path*" },
    ],
    [
      "a list, with an entry's conditions",
      `export const config = { matcher: ["/a", { source: "/b", has: [{ type: "cookie", key: "c" }], locale: false }] };`,
      { matcher: ["/a", { source: "/b", has: [{ type: "cookie", key: "c" }], locale: false }] },
    ],
    [
      "a template without expressions",
      "export const config = { matcher: `/t/:p*` };",
      { matcher: "/t/:p*" },
    ],
    [
      "exported by name",
      "const config = { matcher: ['/n'] };\nexport { config };",
      { matcher: ["/n"] },
    ],
    [
      "TypeScript: `satisfies` and `as const`",
      "export const config = { matcher: ['/ts'] as const } satisfies { matcher: readonly string[] };",
      { matcher: ["/ts"] },
    ],
    [
      "other keys not literal, the matcher literal",
      "const regions = pick();\nexport const config = { regions, matcher: '/r' };",
      { matcher: "/r" },
    ],
  ])("%s", (_name, code, expected) => {
    expect(staticMatcherOf(code, "middleware.ts")).toEqual(expected);
  });

  test.each([
    [
      "a matcher from a variable",
      "const paths = ['/a'];\nexport const config = { matcher: paths };",
    ],
    [
      "a spread in the list",
      "const more = ['/b'];\nexport const config = { matcher: ['/a', ...more] };",
    ],
    [
      "a template with an expression",
      "const p = 'x';\nexport const config = { matcher: `/${p}` };",
    ],
    ["a config made by a call", "export const config = make();"],
    ["a spread config", "const base = {};\nexport const config = { ...base, matcher: '/a' };"],
    ["code that does not parse", "export const config = { matcher: "],
  ])("unknown: %s", (_name, code) => {
    expect(staticMatcherOf(code, "middleware.ts")).toBeNull();
  });
});
