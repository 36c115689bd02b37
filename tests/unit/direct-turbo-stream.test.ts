/**
 * The direct answer's handoff (app/direct/turbo-stream.ts) is React Router's,
 * character for character: compared here with the encoder React Router itself
 * uses for a document's loader data (its vendored turbo-stream, read by path:
 * the package does not export it).
 */
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { plainTurboStream } from "../../app/direct/turbo-stream.ts";
// @ts-expect-error: no types for React Router's vendored module.
import { encode } from "../../node_modules/react-router/dist/production/vendor/turbo-stream-v2/turbo-stream.js";

/** React Router's encoding of `value`, as the text its stream carries. */
async function reactRouters(value: unknown): Promise<string> {
  const stream = (encode as (value: unknown) => ReadableStream<Uint8Array>)(value);
  return await new Response(stream).text();
}

const plain = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.string(),
    fc.constantFrom("a", "b", "loaderData", "_1", ""),
    fc.double(),
    fc.integer(),
    fc.constantFrom(0, -0, NaN, Infinity, -Infinity, 1, 1.5),
    fc.boolean(),
    fc.constant(null),
    fc.constant(undefined),
    fc.array(tie("value"), { maxLength: 5 }),
    fc.sparseArray(tie("value"), { maxLength: 5 }),
    fc.dictionary(
      fc.oneof(fc.string(), fc.constantFrom("a", "0", "10", "__proto", "x y")),
      tie("value"),
      {
        maxKeys: 5,
      },
    ),
  ),
}));

describe("the direct answer's handoff", () => {
  test.each([
    [
      "a page's data",
      {
        loaderData: { root: { a: 1 }, page: { props: { pageProps: { slug: "x" } } } },
        actionData: null,
        errors: null,
      },
    ],
    ["a value met twice", { a: "same", b: "same", c: ["same", 1, 1, true, true] }],
    [
      "the constants",
      { u: undefined, n: null, nan: NaN, inf: Infinity, ninf: -Infinity, nz: -0, z: 0 },
    ],
    ["zero before minus zero", { z: 0, nz: -0 }],
    ["a hole", { list: [1, , 3] }],
    ["text to escape", { s: '"</script><!--\u2028\u0000' }],
    [
      "an object twice",
      (() => {
        const shared = { x: 1 };
        return { a: shared, b: [shared] };
      })(),
    ],
    ["empty ones", { o: {}, a: [] }],
    [
      "the root met again inside itself",
      (() => {
        const root: Record<string, unknown> = { a: 1 };
        root.self = root;
        return root;
      })(),
    ],
    [
      "an object without a prototype",
      { n: Object.assign(Object.create(null) as object, { a: 1 }) },
    ],
  ])("%s is written as React Router writes it", async (_name, value) => {
    expect(plainTurboStream(value)).toBe(await reactRouters(value));
  });

  test("any plain data is written as React Router writes it", async () => {
    await fc.assert(
      fc.asyncProperty(fc.dictionary(fc.string(), plain.value, { maxKeys: 6 }), async (value) => {
        expect(plainTurboStream(value)).toBe(await reactRouters(value));
      }),
      { numRuns: 300 },
    );
  });

  test.each([
    ["a date", { at: new Date(0) }],
    ["a map", { m: new Map() }],
    ["a set", { s: new Set([1]) }],
    ["a promise", { p: Promise.resolve(1) }],
    ["an error", { e: new Error("x") }],
    ["a class's instance", { c: new (class Point {})() }],
    ["a function", { f: () => 1 }],
    ["a bigint", { b: 1n }],
    ["a symbol", { s: Symbol.for("x") }],
    ["a URL", { u: new URL("http://x/") }],
  ])("%s is not plain: such a page goes through React Router", (_name, value) => {
    expect(plainTurboStream(value)).toBeNull();
  });
});
