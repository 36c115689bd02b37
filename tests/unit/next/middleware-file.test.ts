/**
 * Where the build finds a site's middleware (app/next/vite/plugin.ts): beside
 * the pages folder, named as Next.js names it (`middleware`, or Next.js 16's
 * `proxy`), in any script extension; two of them stop the build.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, test } from "vitest";
import { middlewareFileIn } from "../../../app/next/vite/plugin.ts";

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function appWith(...files: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), "middleware-file-"));
  dirs.push(dir);
  for (const file of files) writeFileSync(join(dir, file), "export function middleware() {}\n");
  return dir;
}

test.each([
  [[], null],
  [["middleware.ts"], "middleware"],
  [["middleware.js"], "middleware"],
  [["proxy.ts"], "proxy"],
  [["proxy.mjs"], "proxy"],
  [["middle.ts", "root.tsx"], null],
])("%j: %s", (files, name) => {
  const dir = appWith(...files);
  const found = middlewareFileIn(dir);
  expect(found === null ? null : "name" in found ? found.name : found.problem).toBe(name);
  if (found !== null && "path" in found) expect(found.path).toBe(join(dir, files[0]!));
});

test("two middleware files stop the build, naming both", () => {
  const found = middlewareFileIn(appWith("middleware.ts", "proxy.ts"));
  expect(found).toMatchObject({
    problem: expect.stringMatching(/middleware\.ts and .*proxy\.ts: a site has one middleware/),
  });
});
