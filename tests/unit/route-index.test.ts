/**
 * Our patch of React Router's matcher (docs/decisions/017-route-branch-index.md)
 * tries only the branches whose leading static segments fit the path. It must
 * pick exactly the route that trying every branch picks: `matchRoutes`, which
 * the patch leaves alone, is the reference; `createStaticHandler(...).query`,
 * what the server runs, goes through the patched matcher.
 */
import fc from "fast-check";
import { createStaticHandler, matchRoutes, type RouteObject } from "react-router";
import { describe, expect, test } from "vitest";
import { siteTable } from "./site-table.ts";

const SITE = siteTable([
  "index.tsx",
  "about.tsx",
  "blog/index.tsx",
  "blog/new.tsx",
  "blog/[slug].tsx",
  "blog/[slug]/comments.tsx",
  "docs/[...path].tsx",
  "shop/[[...filters]].tsx",
  "[team]/members.tsx",
  "section/[id].tsx",
  "robots-policy.tsx",
]);

/** What React Router's own table allows beyond ours: no case rule, optional segments, nesting. */
const ODD: RouteObject[] = [
  {
    id: "layout",
    path: "/",
    children: [
      { id: "home", index: true },
      { id: "about-any-case", path: "About" },
      { id: "optional-static", path: "de?/opt/:x?" },
      { id: "optional-lang", path: ":lang?/help" },
      { id: "cafe", path: "café/menu" },
      { id: "dotted", path: "files/v1.2/:name" },
      { id: "encoded", path: "a%20b/c" },
      {
        id: "nested",
        path: "account",
        children: [
          { id: "account-home", index: true },
          { id: "account-settings", path: "settings" },
          { id: "account-any", path: "*" },
        ],
      },
      { id: "absolute", path: "/abs/olute" },
      { id: "splat", path: "*" },
    ],
  },
];

/**
 * Route ids trying every branch (the reference), or null when nothing matches;
 * for the path a Request carries (`/.` is `/`).
 */
function reference(routes: RouteObject[], path: string): string[] | null {
  const { pathname } = new URL(`http://localhost${path}`);
  return matchRoutes(routes, pathname)?.map((match) => match.route.id!) ?? null;
}

/** Route ids as the server's handler matches them, or null for its 404. */
async function patched(routes: RouteObject[], path: string): Promise<string[] | null> {
  const context = await createStaticHandler(routes).query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`${path}: a Response`);
  if (
    context.errors &&
    Object.values(context.errors).some((e) => (e as { status?: number }).status === 404)
  ) {
    return null;
  }
  return context.matches.map((match) => match.route.id);
}

const PATHS = [
  "/",
  "/about",
  "/About",
  "/ABOUT/",
  "/about//",
  "//about",
  "/fr",
  "/FR/about",
  "/fr/blog",
  "/fr/blog/new",
  "/de/blog/new/",
  "/blog/new/comments",
  "/blog/x/comments",
  "/blog/%6Eew",
  "/docs",
  "/docs/a",
  "/de/docs/a/b/c",
  "/shop",
  "/en/shop/red/xl",
  "/team-a/members",
  "/fr/members",
  "/fr/team/members",
  "/section",
  "/section/1",
  "/robots-policy",
  "/de/opt",
  "/opt/7",
  "/de/opt/7",
  "/DE/OPT/7",
  "/help",
  "/xx/help",
  "/café/menu",
  "/caf%C3%A9/menu",
  "/CAFÉ/menu",
  "/files/v1.2/a",
  "/files/v1x2/a",
  "/a%20b/c",
  "/a b/c",
  "/account",
  "/account/settings",
  "/Account/Settings/",
  "/account/other/deep",
  "/abs/olute",
  "/a%2Fb/c",
  "/nope/deeper",
];

describe("the indexed matcher picks what trying every branch picks", () => {
  test.each(PATHS)("%s, in the site's table and in an odd one", async (path) => {
    expect(await patched(SITE, path)).toEqual(reference(SITE, path));
    expect(await patched(ODD, path)).toEqual(reference(ODD, path));
  });

  test("any path made of the tables' segments, in any case", async () => {
    const segment = fc.oneof(
      fc.constantFrom(
        "",
        "about",
        "About",
        "fr",
        "FR",
        "de",
        "en",
        "blog",
        "new",
        "comments",
        "docs",
        "shop",
        "members",
        "section",
        "opt",
        "help",
        "café",
        "CAFÉ",
        "files",
        "v1.2",
        "account",
        "settings",
        "abs",
        "olute",
        "x",
        "%41bout",
        "a%2Fb",
      ),
      fc.stringMatching(/^[A-Za-z0-9._~-]{1,6}$/),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(segment, { maxLength: 5 }),
        fc.boolean(),
        async (segments, slash) => {
          const path = `/${segments.join("/")}${slash ? "/" : ""}`;
          expect(await patched(SITE, path)).toEqual(reference(SITE, path));
          expect(await patched(ODD, path)).toEqual(reference(ODD, path));
        },
      ),
      { numRuns: 400 },
    );
  });
});
