/**
 * Where the shell finds each part of a site folder (app/site/folder.ts): where
 * Next.js finds it.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, test } from "vitest";
import { siteFolderOf, sitePackagesOf } from "../../../app/site/folder.ts";

const DIR = "/repo";
const folderWith = (...paths: string[]) =>
  siteFolderOf(DIR, (path) => paths.includes(path.split("\\").join("/")));

test.each([
  [["pages"], "/repo/pages", "/repo"],
  [["src/pages"], "/repo/src/pages", "/repo/src"],
  // A root pages/ wins over src/pages/, as in Next.js.
  [["pages", "src/pages"], "/repo/pages", "/repo"],
])(
  "with %j the pages are in %s, the middleware beside them in %s",
  (paths, pagesDir, sourceDir) => {
    const site = folderWith(...paths);
    expect(site).toMatchObject({ pagesDir, sourceDir, publicDir: "/repo/public", embedded: false });
  },
);

test.each([
  [["pages", "next.config.js"], "/repo/next.config.js"],
  [["pages", "next.config.mjs"], "/repo/next.config.mjs"],
  [["pages", "next.config.cjs"], "/repo/next.config.cjs"],
  [["pages", "next.config.ts"], "/repo/next.config.ts"],
  [["pages"], null],
])("with %j the config is %s", (paths, nextConfig) => {
  expect(folderWith(...paths).nextConfig).toBe(nextConfig);
});

test.each([
  [[], "has no pages/ or src/pages/ folder"],
  [["app"], "has no pages/ or src/pages/ folder"],
  [["pages", "next.config.js", "next.config.ts"], "next.config.js and next.config.ts"],
])("with %j the folder is refused: %s", (paths, problem) => {
  expect(() => folderWith(...paths)).toThrow(problem);
});

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

test("the site's installed packages, scoped ones included, but React's and Next.js's", () => {
  const dir = mkdtempSync(join(tmpdir(), "site-packages-"));
  dirs.push(dir);
  for (const name of ["swr", "@acme/ui", "react", "react-dom", "next", "@next/env", "@types/node"])
    mkdirSync(join(dir, "node_modules", name), { recursive: true });
  writeFileSync(join(dir, "node_modules", ".package-lock.json"), "{}");
  mkdirSync(join(dir, "node_modules", ".bin"));
  const site = siteFolderOf(dir, (path) => path === "pages");
  expect(sitePackagesOf(site).sort()).toEqual(["@acme/ui", "swr"]);
});
