import { expect, test } from "vitest";
import { nextQuery, searchOf, searchQuery } from "../../../app/next/routing/query.ts";

test.each([
  ["", {}],
  ["?x=1", { x: "1" }],
  ["?x=1&x=2", { x: ["1", "2"] }],
  ["?x=1&x=2&x=3", { x: ["1", "2", "3"] }],
  ["?y=&z", { y: "", z: "" }],
  ["?a%20b=c%26d", { "a b": "c&d" }],
])("searchQuery(%s) = %j", (search, expected) => {
  expect(searchQuery(search)).toEqual(expected);
});

test("the page's parameters win over search parameters of the same name, as in Next.js", () => {
  expect(nextQuery("?slug=other&x=1", { slug: "hello" })).toEqual({ slug: "hello", x: "1" });
  expect(nextQuery("?x=1&x=2", { path: ["a", "b"] })).toEqual({ x: ["1", "2"], path: ["a", "b"] });
  // Search parameters first, then the page's: Next.js's order.
  expect(Object.keys(nextQuery("?from=router", { id: "two" }))).toEqual(["from", "id"]);
});

test.each([
  [{}, ""],
  [{ a: "1" }, "?a=1"],
  [{ a: ["1", "2"] }, "?a=1&a=2"],
  [{ n: 3, t: true }, "?n=3&t=true"],
  [{ gone: undefined, nan: Number.NaN, o: { x: 1 } }, "?gone=&nan=&o="],
  [{ "a b": "c&d" }, "?a+b=c%26d"],
])("searchOf(%j) = %s", (query, expected) => {
  expect(searchOf(query)).toBe(expected);
});
