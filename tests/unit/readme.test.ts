import { readFileSync } from "node:fs";
import { expect, test } from "vitest";

// The README's configuration table and server/config.ts must list the same variables.
test("the README documents every environment variable the server reads", () => {
  const source = readFileSync("server/config.ts", "utf8");
  const readme = readFileSync("README.md", "utf8");
  const variables = [...source.matchAll(/read\(\s*"(\w+)"/g)].map((m) => m[1]!);
  expect(variables.length).toBeGreaterThan(10);
  const documented = [...readme.matchAll(/^\| `(\w+)` \|/gm)].map((m) => m[1]);
  expect(documented.sort()).toEqual([...variables].sort());
});
