/**
 * getStaticProps' outcomes made at build and kept with it
 * (app/next/page/prerendered.ts): which are kept, under which key, and for how
 * long a server answers from them.
 */
import { afterEach, describe, expect, test } from "vitest";
import {
  keepPrerenderedProps,
  keptByJson,
  prerenderedOutcome,
  staticPropsKey,
  type StaticOutcome,
} from "../../../app/next/page/prerendered.ts";

describe("keptByJson: an outcome is recorded only when JSON gives it back whole", () => {
  test.each<[string, unknown, boolean]>([
    ["text, numbers, booleans, null", { a: "x", b: 1.5, c: true, d: null }, true],
    ["nested arrays and objects", { list: [{ a: [1, 2] }, []] }, true],
    ["an object without prototype", Object.assign(Object.create(null) as object, { a: 1 }), true],
    ["a Date", { when: new Date(0) }, false],
    ["undefined", { missing: undefined }, false],
    ["NaN", { n: Number.NaN }, false],
    ["Infinity", [Infinity], false],
    ["a Map", { m: new Map() }, false],
    ["a class instance", { p: new (class Point {})() }, false],
    ["a bigint", { big: 1n }, false],
    ["a function", { f: () => 1 }, false],
  ])("%s: %s", (_, value, kept) => {
    expect(keptByJson(value)).toBe(kept);
  });
});

test("an optional catch-all with nothing in it (null, false, []) is the path without it", () => {
  const root = staticPropsKey("/[[...slug]]", "en", {});
  for (const slug of [null, false, []])
    expect(staticPropsKey("/[[...slug]]", "en", { slug } as never)).toBe(root);
  expect(staticPropsKey("/[[...slug]]", "en", { slug: ["a"] })).not.toBe(root);
});

test("a page's key does not depend on the order of its parameters", () => {
  expect(staticPropsKey("/[a]/[b]", "fr", { a: "1", b: "2" })).toBe(
    staticPropsKey("/[a]/[b]", "fr", { b: "2", a: "1" }),
  );
  expect(staticPropsKey("/[a]", "fr", { a: "1" })).not.toBe(
    staticPropsKey("/[a]", "de", { a: "1" }),
  );
  expect(staticPropsKey("/[a]", null, { a: "1" })).not.toBe(
    staticPropsKey("/[a]", null, { a: "2" }),
  );
});

describe("prerenderedOutcome: the build's outcome, while fresh", () => {
  const madeAt = 1_000_000;
  const props = (revalidate?: number | false): StaticOutcome => ({
    kind: "props",
    props: { pageProps: { made: "at build" } },
    ...(revalidate !== undefined && { revalidate }),
  });
  const keep = (outcomes: Record<string, StaticOutcome>) =>
    keepPrerenderedProps({ buildId: "b1", madeAt, outcomes, urls: [] });
  afterEach(() => keepPrerenderedProps(null));

  test("without a record, none", () => {
    expect(prerenderedOutcome("k", madeAt)).toBeUndefined();
  });

  test.each<[string, StaticOutcome, number, boolean]>([
    ["no revalidate: for as long as the build lives", props(), madeAt + 10 ** 10, true],
    ["revalidate: false, the same", props(false), madeAt + 10 ** 10, true],
    ["revalidate 60, 59.9 s after the build", props(60), madeAt + 59_900, true],
    ["revalidate 60, 60 s after: getStaticProps runs again", props(60), madeAt + 60_000, false],
    [
      "a not-found with revalidate 5, past it",
      { kind: "not-found", revalidate: 5 },
      madeAt + 6_000,
      false,
    ],
    [
      "a redirect: kept",
      { kind: "redirect", destination: "/x", status: 307, basePath: true },
      madeAt + 10 ** 10,
      true,
    ],
  ])("%s", (_, outcome, now, fresh) => {
    keep({ k: outcome });
    expect(prerenderedOutcome("k", now)).toEqual(fresh ? outcome : undefined);
  });

  test("a key the build did not record: none (getStaticProps runs)", () => {
    keep({ k: props() });
    expect(prerenderedOutcome("other", madeAt)).toBeUndefined();
    expect(prerenderedOutcome("toString", madeAt)).toBeUndefined();
  });
});
