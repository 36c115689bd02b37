import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";

/** server/ and every folder under it. */
const FOLDERS = [
  "server",
  ...readdirSync("server", { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => join(entry.parentPath, entry.name)),
];

// A newcomer finds any file of the server by reading the README of its folder.
test.each(FOLDERS)("%s has a README naming each of its files and folders", (folder) => {
  const readme = join(folder, "README.md");
  expect(existsSync(readme)).toBe(true);
  const text = readFileSync(readme, "utf8");
  const entries = readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.name !== "README.md")
    .map((entry) => (entry.isDirectory() ? `${entry.name}/` : entry.name));
  expect(entries.filter((name) => !text.includes(`\`${name}\``))).toEqual([]);
});
