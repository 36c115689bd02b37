/**
 * Where a link or `router.push` goes. The `resolveHref` rows were checked
 * against Next.js 16.4.5's own `resolveHref` (next/dist/client/resolve-href.js,
 * run in bench/nextjs with the same router and inputs): each expectation is
 * what it returned.
 */
import { describe, expect, test } from "vitest";
import {
  formatUrl,
  interpolateRoute,
  linkHref,
  localizedHref,
  onlyHashChanges,
  resolveHref,
  resolveHrefCached,
  splitLocale,
  withoutRepeatedSlashes,
  type Url,
} from "../../../app/next/routing/href.ts";

const ORIGIN = "http://n";
const current = { pathname: "/blog/[slug]", asPath: "/blog/hello?x=1" };

describe("resolveHref, as Next.js's", () => {
  test.each<[Url, { href: string; as: string } | null]>([
    ["/about", { href: "/about", as: "/about" }],
    // Relative hrefs resolve against the route, as Next.js resolves them.
    ["about", { href: "/blog/about", as: "/blog/about" }],
    ["../about", { href: "/about", as: "/about" }],
    ["#top", { href: "/blog/hello?x=1#top", as: "/blog/hello?x=1#top" }],
    ["?q=1", { href: "/blog/[slug]?q=1", as: "/blog/[slug]?q=1" }],
    ["/blog/[slug]?slug=a%20b&x=1", { href: "/blog/[slug]?slug=a%20b&x=1", as: "/blog/a%20b?x=1" }],
    [
      { pathname: "/blog/[slug]", query: { slug: "hello world", x: "1" } },
      { href: "/blog/[slug]?slug=hello+world&x=1", as: "/blog/hello%20world?x=1" },
    ],
    [
      { pathname: "/docs/[...path]", query: { path: ["a", "b/c"] } },
      { href: "/docs/[...path]?path=a&path=b%2Fc", as: "/docs/a/b%2Fc" },
    ],
    [
      { pathname: "/shop/[[...f]]", query: {} },
      { href: "/shop/[[...f]]", as: "/shop" },
    ],
    [
      { pathname: "/shop/[[...f]]", query: { f: ["red"] } },
      { href: "/shop/[[...f]]?f=red", as: "/shop/red" },
    ],
    // A required parameter missing: the pattern itself, as Next.js leaves it.
    [
      { pathname: "/blog/[slug]", query: {} },
      { href: "/blog/[slug]", as: "/blog/[slug]" },
    ],
    [
      { pathname: "/about", query: { a: ["1", "2"] }, hash: "top" },
      { href: "/about?a=1&a=2#top", as: "/about?a=1&a=2#top" },
    ],
    // Never another origin by way of slashes: Next.js makes them one.
    ["//evil.example/x", { href: "/evil.example/x", as: "/evil.example/x" }],
    ["/\\evil.example", { href: "/evil.example", as: "/evil.example" }],
    ["https://other.example/x", null],
  ])("%j", (url, expected) => {
    expect(resolveHref(url, undefined, current, ORIGIN)).toEqual(expected);
  });

  test("`as` is what the browser shows; `href` the page asked for", () => {
    expect(resolveHref("/blog/[slug]?slug=a", "/blog/a", current, ORIGIN)).toEqual({
      href: "/blog/[slug]?slug=a",
      as: "/blog/a",
    });
  });
});

describe("resolveHrefCached: resolveHref's answer, remembered per page", () => {
  const pages = [current, { pathname: "/docs/[...path]", asPath: "/docs/a/b#x" }];
  test.each<[Url, Url | undefined]>([
    ["about", undefined],
    ["#top", undefined],
    ["?q=1", undefined],
    [{ pathname: "/blog/[slug]", query: { slug: "a" } }, undefined],
    [{ pathname: "/blog/[slug]", query: { slug: "b" } }, undefined],
    [{ pathname: "/blog/[slug]", query: { slug: "a" } }, "/posts/a"],
    [{ pathname: "edit", query: { draft: "1" } }, undefined],
    ["https://other.example/x", undefined],
  ])("%j (as %j), on each page, every time", (url, as) => {
    for (const page of pages) {
      const expected = resolveHref(url, as, page, ORIGIN);
      expect(resolveHrefCached(url, as, page, ORIGIN)).toEqual(expected);
      expect(resolveHrefCached(url, as, page, ORIGIN)).toEqual(expected);
    }
    // The two pages resolve a relative link apart: the page is part of what is remembered.
    if (typeof url === "string" && !url.startsWith("/") && !url.startsWith("https:")) {
      expect(resolveHrefCached(url, as, pages[0]!, ORIGIN)).not.toEqual(
        resolveHrefCached(url, as, pages[1]!, ORIGIN),
      );
    }
  });

  test("a value JSON cannot write is resolved without being remembered", () => {
    const url = { pathname: "/blog/[slug]", query: { slug: "a", n: 1n as unknown as string } };
    expect(() => resolveHrefCached(url, undefined, current, ORIGIN)).not.toThrow();
  });
});

test.each([
  ["/blog/[slug]", { slug: "a/b" }, { path: "/blog/a%2Fb", used: ["slug"] }],
  ["/blog/[slug]", { slug: "" }, null],
  ["/docs/[...p]", { p: ["x", "y"] }, { path: "/docs/x/y", used: ["p"] }],
  ["/docs/[...p]", { p: [] }, null],
  ["/shop/[[...f]]", {}, { path: "/shop", used: ["f"] }],
  ["/[[...all]]", {}, { path: "/", used: ["all"] }],
])("interpolateRoute(%s, %j)", (route, query, expected) => {
  expect(interpolateRoute(route, query)).toEqual(expected);
});

test.each([
  [{ pathname: "/a", search: "x=1", hash: "h" }, "/a?x=1#h"],
  [{ pathname: "/a", query: "?y=2" }, "/a?y=2"],
  [{ pathname: "/a", query: { z: ["1", "2"] } }, "/a?z=1&z=2"],
  [{}, ""],
])("formatUrl(%j) = %s", (url, expected) => {
  expect(formatUrl(url)).toBe(expected);
});

describe("localizedHref: the locale prefix a link shows", () => {
  const settings = { locale: "fr", defaultLocale: "en", locales: ["en", "fr", "de"] };
  test.each<[string, string | false | undefined, string]>([
    ["/about", undefined, "/fr/about"],
    ["/", undefined, "/fr"],
    ["/?q=1", undefined, "/fr?q=1"],
    ["/about", "de", "/de/about"],
    ["/about", "en", "/about"],
    ["/de/about", false, "/de/about"],
    ["/fr/about", undefined, "/fr/about"],
    ["/api/x", "de", "/api/x"],
  ])("%s in %s -> %s", (as, locale, expected) => {
    expect(localizedHref(as, locale, settings)).toBe(expected);
  });
  test("a site without locales writes paths as they are", () => {
    expect(localizedHref("/about", "fr", { locale: null, defaultLocale: null, locales: [] })).toBe(
      "/about",
    );
  });
});

test.each([
  ["/fr/about", { locale: "fr", path: "/about" }],
  ["/FR", { locale: "fr", path: "/" }],
  ["/about", { locale: "en", path: "/about" }],
  ["/xx/about", { locale: "en", path: "/xx/about" }],
])("splitLocale(%s)", (path, expected) => {
  expect(splitLocale(path, { defaultLocale: "en", locales: ["en", "fr"] })).toEqual(expected);
});

test.each([
  ["/a", "/a#x", true],
  ["/a#x", "/a", true],
  ["/a#x", "/a#x", true],
  ["/a#x", "/a#y", true],
  ["/a", "/a", false],
  ["/a?q=1", "/a?q=2#x", false],
  ["/a", "/b#x", false],
])("onlyHashChanges(%s, %s) = %s", (from, to, expected) => {
  expect(onlyHashChanges(from, to)).toBe(expected);
});

test.each([
  ["//evil.example/x", "/evil.example/x"],
  ["/a\\b//c?x=//y", "/a/b/c?x=//y"],
  ["https://h//a", "https://h/a"],
  ["/fine", "/fine"],
])("withoutRepeatedSlashes(%s) = %s", (url, expected) => {
  expect(withoutRepeatedSlashes(url)).toBe(expected);
});

test.each([
  ["/about/", { trailingSlash: "never", basePath: "" }, "/about"],
  ["/about?x=1#h", { trailingSlash: "always", basePath: "" }, "/about/?x=1#h"],
  ["/", { trailingSlash: "never", basePath: "/shop" }, "/shop"],
  ["/fr//about", { trailingSlash: "never", basePath: "/shop" }, "/shop/fr/about"],
] as const)("linkHref(%s, %j) = %s", (as, options, expected) => {
  expect(linkHref(as, options)).toBe(expected);
});
