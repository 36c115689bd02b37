import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { nextDataPath, parseNextDataPath } from "../../../app/next/routing/data-url.ts";
import { searchWithout } from "../../../app/next/routing/query.ts";

const LOCALES = ["en", "fr"];

describe("a page's data URL, as Next.js's client asks for it", () => {
  test.each([
    [{ locale: "en", path: "/" }, "", "/_next/data/B1/en.json"],
    [{ locale: "fr", path: "/about" }, "", "/_next/data/B1/fr/about.json"],
    [
      { locale: "en", path: "/blog/hello%20world" },
      "?slug=hello+world",
      "/_next/data/B1/en/blog/hello%20world.json?slug=hello+world",
    ],
    [{ locale: "en", path: "/about/" }, "", "/_next/data/B1/en/about.json"],
    [{ locale: null, path: "/" }, "", "/_next/data/B1/index.json"],
    [{ locale: null, path: "/index" }, "", "/_next/data/B1/index/index.json"],
    [{ locale: null, path: "/docs/a" }, "?x=1", "/_next/data/B1/docs/a.json?x=1"],
  ])("%j%s -> %s", (target, search, expected) => {
    expect(nextDataPath({ buildId: "B1", ...target }, search)).toBe(expected);
  });
});

describe("what a data URL asks for", () => {
  test.each([
    ["/_next/data/B1/en.json", LOCALES, { buildId: "B1", locale: "en", path: "/" }],
    ["/_next/data/B1/fr/about.json", LOCALES, { buildId: "B1", locale: "fr", path: "/about" }],
    [
      "/_next/data/B1/en/docs/a/b.json",
      LOCALES,
      { buildId: "B1", locale: "en", path: "/docs/a/b" },
    ],
    ["/_next/data/B1/index.json", null, { buildId: "B1", locale: null, path: "/" }],
    ["/_next/data/B1/index/index.json", null, { buildId: "B1", locale: null, path: "/index" }],
    ["/_next/data/B1/about.json", null, { buildId: "B1", locale: null, path: "/about" }],
  ])("%s -> %j", (path, locales, expected) => {
    expect(parseNextDataPath(path, locales)).toEqual(expected);
  });

  test.each([
    ["no locale where there are locales", "/_next/data/B1/about.json"],
    ["an unknown locale", "/_next/data/B1/xx/about.json"],
    ["no build id", "/_next/data/en.json"],
    ["no .json", "/_next/data/B1/en/about"],
    ["an empty segment", "/_next/data/B1/en//about.json"],
    ["a dot-dot segment", "/_next/data/B1/en/../about.json"],
    ["another prefix", "/_next/static/B1/en.json"],
  ])("none: %s (%s)", (_, path) => {
    expect(parseNextDataPath(path, LOCALES)).toBeNull();
  });

  test("a URL made for a page reads back as that page", () => {
    const segment = fc.stringMatching(/^[a-z0-9%-]{1,8}$/);
    fc.assert(
      fc.property(
        fc.constantFrom("en", "fr", null),
        fc.array(segment, { maxLength: 4 }),
        (locale, segments) => {
          const path = `/${segments.join("/")}`;
          const url = nextDataPath({ buildId: "B1", locale, path });
          expect(parseNextDataPath(url, locale === null ? null : LOCALES)).toEqual({
            buildId: "B1",
            locale,
            path,
          });
        },
      ),
    );
  });
});

describe("the query a page's own URL had, less what its client added", () => {
  test.each([
    ["?x=1&id=one", { id: "one" }, "?x=1"],
    ["?id=one", { id: "one" }, ""],
    ["?path=a&path=b&q=1", { path: ["a", "b"] }, "?q=1"],
    ["?x=1", {}, "?x=1"],
    ["", { id: "one" }, ""],
  ])("searchWithout(%s, %j) = %s", (search, params, expected) => {
    expect(searchWithout(search, params)).toBe(expected);
  });
});
