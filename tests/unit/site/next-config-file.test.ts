/** A site's next.config file, loaded as Node loads it for `next build` (app/site/next-config-file.ts). */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, test } from "vitest";
import { loadNextConfigFile } from "../../../app/site/next-config-file.ts";

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A folder with these files; its package.json says `type` when given. */
function folder(files: Record<string, string>, type?: "module" | "commonjs"): string {
  const dir = mkdtempSync(join(tmpdir(), "next-config-"));
  dirs.push(dir);
  writeFileSync(join(dir, "package.json"), JSON.stringify(type ? { type } : {}));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

// What create-next-app writes, with a require of a file of its own.
const CREATE_NEXT_APP = `// @ts-check

/** @type {import('next').NextConfig} */
const nextConfig = { trailingSlash: true, basePath: require("./base.cjs") };

module.exports = nextConfig;
`;

test.each([
  ["CommonJS, as create-next-app writes it", "next.config.js", undefined],
  [
    "CommonJS in a package of ES modules (a site inside another project)",
    "next.config.js",
    "module",
  ],
  ["a .cjs file", "next.config.cjs", "module"],
] as const)("%s", async (_name, name, type) => {
  const dir = folder({ [name]: CREATE_NEXT_APP, "base.cjs": 'module.exports = "/shop";' }, type);
  expect(await loadNextConfigFile(join(dir, name))).toEqual({
    trailingSlash: true,
    basePath: "/shop",
  });
});

test.each([
  ["an ES module", "next.config.mjs", "export default { trailingSlash: true };"],
  [
    "TypeScript",
    "next.config.ts",
    'import type { NextConfig } from "next";\nconst config: NextConfig = { trailingSlash: true };\nexport default config;',
  ],
  [
    "a function of the phase",
    "next.config.mjs",
    "export default (phase) => ({ trailingSlash: phase.length > 0 });",
  ],
])("%s", async (_name, name, text) => {
  const dir = folder({ [name]: text });
  const config = await loadNextConfigFile(join(dir, name));
  const value =
    typeof config === "function" ? (config as (phase: string) => unknown)("build") : config;
  expect(value).toEqual({ trailingSlash: true });
});

test("a config that throws names its file", async () => {
  const dir = folder({ "next.config.mjs": 'throw new Error("no CMS token");' });
  await expect(loadNextConfigFile(join(dir, "next.config.mjs"))).rejects.toThrow(
    `${join(dir, "next.config.mjs")} could not be loaded: no CMS token`,
  );
});
