import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import { expect, test } from "vitest";

/** The README and every guide under docs/. */
const DOCUMENTS = [
  "README.md",
  ...readdirSync("docs", { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".md"))
    .map((name) => join("docs", name)),
];

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\w\- ]/g, "")
    .replace(/ /g, "-");

function anchorsIn(file: string): Set<string> {
  const text = readFileSync(file, "utf8").replace(/^```[\s\S]*?^```/gm, "");
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map(([, heading]) => anchorOf(heading!)));
}

/** Links outside code: `[label](target)`, other than to the web. */
function relativeLinks(file: string): string[] {
  const text = readFileSync(file, "utf8")
    .replace(/^```[\s\S]*?^```/gm, "")
    .replace(/`[^`\n]*`/g, (span) => (span.includes("](") ? span : "``"));
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map(([, target]) => target!)
    .filter((target) => !/^(https?:|mailto:)/.test(target));
}

// A guide split from another must not leave a reader at a dead link.
test.each(DOCUMENTS)("every link in %s leads to a file, and to a heading in it", (file) => {
  const broken = relativeLinks(file).filter((target) => {
    const [path, anchor] = target.split("#") as [string, string | undefined];
    const resolved = path === "" ? file : normalize(join(dirname(file), path));
    // Outside this repository (../shared): a clean clone does not hold it to check.
    if (resolved.startsWith("..")) return false;
    if (!existsSync(resolved)) return true;
    return anchor !== undefined && resolved.endsWith(".md") && !anchorsIn(resolved).has(anchor);
  });
  expect(broken).toEqual([]);
});

test("the README stays a front page: under 200 lines", () => {
  expect(readFileSync("README.md", "utf8").split("\n").length).toBeLessThan(200);
});
