import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { importsOf, packagesOf } from "../imports.ts";

/** The folders and files .dockerignore keeps out of every build context (plain paths only). */
function ignored(): string[] {
  return readFileSync(".dockerignore", "utf8")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("#") && !/[*!?]/.test(line));
}

/** The project files e2e/Dockerfile copies into the smoke image, as paths (folders end in `/`). */
function copied(): string[] {
  const dockerfile = readFileSync("e2e/Dockerfile", "utf8");
  return [...dockerfile.matchAll(/^COPY (?!--from)(.+)$/gm)].flatMap(([, args]) => {
    const parts = args!.trim().split(/\s+/);
    return parts.slice(0, -1).filter((part) => !part.startsWith("--"));
  });
}

// A module or package the image lacks breaks every smoke run before its first test
// (a package imported with a dynamic import(), as global-setup's testcontainers, is
// loaded only on the branch that needs it).
test("every module the smoke image's copied files import is copied too", () => {
  const paths = copied();
  const isCopied = (file: string) =>
    paths.some((path) => (path.endsWith("/") ? file.startsWith(path) : file === path));
  // Every TypeScript file copied, folders (e2e/) file by file.
  const excluded = ignored();
  const isIgnored = (file: string) =>
    excluded.some((path) => file === path || file.startsWith(`${path}/`));
  const queue = paths.flatMap((path): string[] => {
    if (!existsSync(path)) return [];
    if (statSync(path).isFile()) return path.endsWith(".ts") ? [path] : [];
    return readdirSync(path, { recursive: true, encoding: "utf8" })
      .filter((name) => name.endsWith(".ts") && !name.includes("node_modules"))
      .map((name) => join(path, name))
      .filter((file) => !isIgnored(file));
  });
  expect(queue).toContain("e2e/site-urls.spec.ts");
  const missing = new Set<string>();
  // Packages come from the image's own package.json (e2e/smoke/), not the project's.
  const smokePackage = JSON.parse(readFileSync("e2e/smoke/package.json", "utf8")) as {
    dependencies: Record<string, string>;
  };
  const installed = new Set(Object.keys(smokePackage.dependencies));
  for (const seen = new Set<string>(); queue.length > 0;) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const name of packagesOf(file)) {
      if (!installed.has(name)) missing.add(`package ${name} (imported by ${file})`);
    }
    for (const imported of importsOf(file, { types: false })) {
      if (!isCopied(imported)) missing.add(`${imported} (imported by ${file})`);
      else if (imported.endsWith(".ts")) queue.push(imported);
    }
  }
  expect([...missing]).toEqual([]);
});
