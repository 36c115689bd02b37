/**
 * Which page answers a URL. Every row was taken from Next.js 16.4.5 itself:
 * its `getSortedRoutes` (next/dist/shared/lib/router/utils/sorted-routes.js)
 * ordered the set, and the first route whose `getRouteRegex` matched the URL
 * is the expectation (run in bench/nextjs, where Next.js is installed).
 */
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { pageRouteOf, type PageRoute } from "../../../app/routing/pages.ts";
import { nextRouteMatcher, nextRouteOrder } from "../../../app/routing/precedence.ts";
import { NEXT_PRECEDENCE_SETS as SETS } from "./precedence-cases.ts";

const routes = (patterns: string[]): PageRoute[] =>
  patterns.map((pattern) => {
    const file = pattern === "/" ? "index.tsx" : `${pattern.slice(1)}.tsx`;
    const route = pageRouteOf(file);
    if (typeof route === "string") throw new Error(route);
    return route;
  });

describe.each(SETS)("pages %j", (patterns, cases) => {
  const match = nextRouteMatcher(routes(patterns));
  test.each(cases)("%s is %s's", (url, expected) => {
    expect(match(url)?.page.pattern ?? null).toBe(expected);
  });
});

test("the order is Next.js's: static, then dynamic, then catch-all, at the first segment that differs", () => {
  // The second set of the table: every kind of segment, at several depths.
  const sorted = routes([...SETS[1]![0]]).sort((a, b) => nextRouteOrder(a.segments, b.segments));
  // Next.js's getSortedRoutes gives the same order.
  expect(sorted.map((r) => r.pattern)).toEqual([
    "/about",
    "/blog/new",
    "/blog/[slug]",
    "/c/[d]/e",
    "/docs",
    "/docs/[...path]",
    "/[a]/b/[c]",
    "/[a]/[b]",
    "/[...all]",
  ]);
});

test("the order does not depend on the order pages are given in", () => {
  const all = routes(["/c/[d]", "/[a]/b", "/[a]/[b]", "/c/d", "/[...x]", "/c/[d]/[...e]"]);
  fc.assert(
    fc.property(
      fc.shuffledSubarray(all, { minLength: all.length }),
      fc.constantFrom("/c/b", "/c/d", "/x/b", "/c/d/e/f", "/a"),
      (shuffled, url) => {
        expect(nextRouteMatcher(shuffled)(url)?.page.pattern).toBe(
          nextRouteMatcher(all)(url)?.page.pattern,
        );
      },
    ),
  );
});
