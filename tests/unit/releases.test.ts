import { describe, expect, test } from "vitest";
import {
  buildIdOfAssets,
  filesToCarry,
  keptReleases,
  type Release,
} from "../../scripts/releases.ts";

const release = (buildId: string, ...assets: string[]): Release => ({
  buildId,
  assets: [`manifest-${buildId}.js`, ...assets],
});
const ids = (releases: readonly Release[]) => releases.map((r) => r.buildId);

describe("buildIdOfAssets", () => {
  test.each([
    [["entry.client-x.js", "manifest-b0b2e5a4.js", "manifest-b0b2e5a4.js.br"], "b0b2e5a4"],
    [["manifest-a_b-C.js"], "a_b-C"],
  ])("%j -> %s", (names, id) => {
    expect(buildIdOfAssets(names)).toBe(id);
  });

  test.each([[[]], [["entry.client-x.js"]], [["manifest-a.js", "manifest-b.js"]]])(
    "%j: not one manifest, an error",
    (names) => {
      expect(() => buildIdOfAssets(names)).toThrow(/expected one manifest/);
    },
  );
});

describe("keptReleases", () => {
  const own = release("c");
  test.each([
    ["no previous image", [], 2, ["c"]],
    ["the previous release", [release("b")], 2, ["c", "b"]],
    [
      "what the previous image carried, newest first",
      [release("b"), release("a")],
      2,
      ["c", "b", "a"],
    ],
    ["bounded: the oldest goes", [release("b"), release("a"), release("z")], 2, ["c", "b", "a"]],
    ["keep 1", [release("b"), release("a")], 1, ["c", "b"]],
    ["keep 0: only its own", [release("b")], 0, ["c"]],
    ["a rebuild of the same source is not kept twice", [release("c"), release("b")], 2, ["c", "b"]],
    [
      "a release listed twice counts once",
      [release("b"), release("b"), release("a")],
      2,
      ["c", "b", "a"],
    ],
  ] as const)("%s", (_, previous, keep, expected) => {
    expect(ids(keptReleases(own, previous, keep))).toEqual(expected);
  });

  test.each([-1, 1.5, Number.NaN])("keep %s: an error", (keep) => {
    expect(() => keptReleases(own, [], keep)).toThrow(/whole number/);
  });
});

describe("filesToCarry", () => {
  test("the earlier releases' files the new build lacks, once each", () => {
    const kept = [
      release("c", "entry-1.js", "about-2.js"),
      release("b", "entry-1.js", "about-1.js", "about-1.js.br"),
      release("a", "about-1.js", "docs-0.js"),
    ];
    expect(filesToCarry(kept)).toEqual([
      "about-1.js",
      "about-1.js.br",
      "docs-0.js",
      "manifest-a.js",
      "manifest-b.js",
    ]);
  });

  test("nothing to carry without earlier releases", () => {
    expect(filesToCarry([release("c", "entry-1.js")])).toEqual([]);
  });
});
