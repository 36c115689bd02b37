import { describe, expect, test } from "vitest";
import { authorized, parsePurge, pathsOf } from "../../server/pages/cache/on-demand.ts";

describe("parsePurge: what a POST /_revalidate body asks for", () => {
  test.each([
    [{ paths: ["/about"] }, { kind: "paths", names: ["/about"] }],
    [
      { paths: ["/blog/hello", "/blog/hello", "/"] },
      { kind: "paths", names: ["/blog/hello", "/"] },
    ],
    [{ tags: ["posts", "post:hello"] }, { kind: "tags", names: ["posts", "post:hello"] }],
  ])("%j -> %j", (body, expected) => {
    expect(parsePurge(body)).toEqual(expected);
  });

  test.each([
    ["not an object", ["/about"], /JSON object/],
    ["null", null, /JSON object/],
    ["both", { paths: ["/a"], tags: ["b"] }, /exactly one/],
    ["neither", { path: "/a" }, /exactly one/],
    ["an empty list", { paths: [] }, /list of 1 to 100/],
    ["a string, not a list", { paths: "/about" }, /list of 1 to 100/],
    ["too many", { tags: Array.from({ length: 101 }, (_, i) => `t${i}`) }, /list of 1 to 100/],
    ["a URL", { paths: ["https://evil.example/"] }, /not a path/],
    ["protocol-relative", { paths: ["//evil.example/"] }, /not a path/],
    ["backslash", { paths: ["/\\evil.example"] }, /not a path/],
    ["a query", { paths: ["/about?x=1"] }, /not a path/],
    ["CRLF", { paths: ["/about\r\nSet-Cookie: x"] }, /not a path/],
    ["a number", { paths: [1] }, /not a path/],
    ["a tag with a space", { tags: ["a b"] }, /not a tag/],
    ["a tag too long", { tags: ["t".repeat(65)] }, /not a tag/],
  ])("%s is refused", (_, body, message) => {
    const result = parsePurge(body);
    expect("error" in result && result.error).toMatch(message);
  });
});

describe("pathsOf: the kept pages a path names", () => {
  test("the page in every locale, with its route data, however it was named", () => {
    const expected = [
      "/about",
      "/en/about",
      "/fr/about",
      "/de/about",
      "/about/",
      "/en/about/",
      "/fr/about/",
      "/de/about/",
      "/about.data",
      "/en/about.data",
      "/fr/about.data",
      "/de/about.data",
      "/about/_.data",
      "/en/about/_.data",
      "/fr/about/_.data",
      "/de/about/_.data",
    ].sort();
    expect([...pathsOf("/about")].sort()).toEqual(expected);
    expect([...pathsOf("/fr/about")].sort()).toEqual(expected);
  });

  test("the home page", () => {
    expect([...pathsOf("/")].sort()).toEqual(
      [
        "/",
        "/en",
        "/fr",
        "/de",
        "/en/",
        "/fr/",
        "/de/",
        "/_.data",
        "/en.data",
        "/fr.data",
        "/de.data",
        "/en/_.data",
        "/fr/_.data",
        "/de/_.data",
      ].sort(),
    );
  });
});

describe("authorized", () => {
  const secret = "s3cret-s3cret-s3cret";
  test.each([
    [`Bearer ${secret}`, true],
    [`bearer ${secret}`, true],
    [`Bearer ${secret}x`, false],
    [`Bearer ${secret.slice(1)}`, false],
    [secret, false],
    [`Basic ${secret}`, false],
    [`Bearer  ${secret}`, false],
    [undefined, false],
  ])("%j -> %s", (header, expected) => {
    expect(authorized(header, secret)).toBe(expected);
  });
});
