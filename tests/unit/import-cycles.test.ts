import { readdirSync } from "node:fs";
import { join, normalize } from "node:path";
import { expect, test } from "vitest";
import { importsOf } from "../imports.ts";

/** Every TypeScript module under `folders`, test files left out. */
function modules(folders: readonly string[]): string[] {
  return folders.flatMap((folder) =>
    readdirSync(folder, { recursive: true, encoding: "utf8" })
      .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
      .map((name) => normalize(join(folder, name))),
  );
}

/** The import circles among `files`: each strongly connected group of two or more, sorted. */
export function importCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  // Tarjan's algorithm, iterative enough for a project's depth.
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1 || (graph.get(node) ?? []).includes(node)) cycles.push(group.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

test("the circle finder finds a circle of three and a module importing itself, and nothing else", () => {
  const graph = new Map([
    ["a", ["b"]],
    ["b", ["c"]],
    ["c", ["a", "d"]],
    ["d", []],
    ["e", ["e"]],
    ["f", ["d"]],
  ]);
  expect(importCycles(graph)).toEqual([["a", "b", "c"], ["e"]]);
});

// A newcomer reads a module's imports as what it stands on; a circle has no bottom.
// One graph: a circle may pass through site.config.ts, or from server/ into app/.
test("no import circles in app/, server/ and site.config.ts", () => {
  const files = [...modules(["app", "server"]), "site.config.ts"];
  // Type-only imports too: a type shared both ways is a circle as well.
  const graph = new Map(files.map((file) => [file, importsOf(file, { types: true })]));
  expect(files.length).toBeGreaterThan(50);
  expect(importCycles(graph)).toEqual([]);
});
