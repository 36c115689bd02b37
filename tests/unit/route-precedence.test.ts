/**
 * React Router's matching follows Next.js's precedence (the patched ranking of
 * docs/decisions/027-next-route-precedence.md): in a table made as
 * app/routes.ts makes ours, the route the server's handler and the browser's
 * router pick for a URL is the page app/routing/precedence.ts picks, the rule's
 * one statement, itself checked against Next.js (next/precedence.test.ts).
 */
import fc from "fast-check";
import { createMemoryRouter, createStaticHandler, type RouteObject } from "react-router";
import { describe, expect, test } from "vitest";
import { pagesFromFiles, routeIdOf } from "../../app/routing/pages.ts";
import { nextRouteMatcher } from "../../app/routing/precedence.ts";
import { NEXT_PRECEDENCE_SETS } from "./next/precedence-cases.ts";
import { siteTable, TABLE_LOCALES } from "./site-table.ts";

/** The route id the policy names for `path`: a page's in the path's locale, or that locale's 404. */
function expected(files: string[], path: string): string {
  const match = nextRouteMatcher(pagesFromFiles(files, { locales: TABLE_LOCALES }));
  const [, first = ""] = path.split("/");
  const locale = TABLE_LOCALES.includes(first) ? first : null;
  const rest = locale === null ? path : path.slice(locale.length + 1) || "/";
  const found = match(rest);
  return found ? routeIdOf(found.page, locale) : `${locale ?? "default"}/not-found`;
}

/** The last route the server's handler matches for `path`. */
async function server(routes: RouteObject[], path: string): Promise<string | undefined> {
  const context = await createStaticHandler(routes).query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`${path}: a Response`);
  return context.matches.at(-1)?.route.id;
}

/** The last route the browser's router matches for `path`. */
function browser(routes: RouteObject[], path: string): string | undefined {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const id = router.state.matches.at(-1)?.route.id;
  router.dispose();
  return id;
}

const filesOf = (patterns: string[]) =>
  patterns.map((pattern) => (pattern === "/" ? "index.tsx" : `${pattern.slice(1)}.tsx`));

describe.each(NEXT_PRECEDENCE_SETS)("pages %j", (patterns, cases) => {
  const files = filesOf(patterns);
  const routes = siteTable(files);
  test.each(cases.flatMap(([url]) => [url, url === "/" ? "/fr" : `/fr${url}`]))(
    "%s: the server and the browser pick the page Next.js picks",
    async (url) => {
      const want = expected(files, url);
      expect(await server(routes, url)).toBe(want);
      expect(browser(routes, url)).toBe(want);
    },
  );
});

test("any set of pages and any URL: the server's match is the browser's, and the policy's", async () => {
  // A segment of a page file: parameters named by depth, so that no two pages name one differently.
  const part = (depth: number) =>
    fc.constantFrom("a", "b", "c", `[p${depth}]`, `[...r${depth}]`, `[[...o${depth}]]`);
  const file = fc
    .integer({ min: 1, max: 3 })
    .chain((length) => fc.tuple(...Array.from({ length }, (_, depth) => part(depth))))
    .map((parts) => `${parts.join("/")}.tsx`);
  const url = fc
    .array(fc.constantFrom("a", "b", "c", "x", "fr"), { maxLength: 4 })
    .map((segments) => `/${segments.join("/")}`);
  await fc.assert(
    fc.asyncProperty(
      fc.uniqueArray(file, { minLength: 1, maxLength: 8 }),
      url,
      async (files, path) => {
        let routes: RouteObject[];
        try {
          routes = siteTable(files);
        } catch {
          return; // A set Next.js refuses too (two pages for one URL, a catch-all not last).
        }
        const want = expected(files, path);
        expect(await server(routes, path)).toBe(want);
        expect(browser(routes, path)).toBe(want);
      },
    ),
    { numRuns: 300 },
  );
});
