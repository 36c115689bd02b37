/**
 * A middleware's `config.matcher`, as Next.js reads it (app/next/middleware/matcher.ts).
 * The expectations follow the regular expressions Next.js 16 builds for a
 * matcher (its build's get-page-static-info: the source as a path-to-regexp 6
 * pattern, a locale segment before it unless `locale: false`, the base path
 * first, an optional trailing slash); the differential suite checks the same
 * matcher against `next start` (e2e/differential/middleware.spec.ts).
 */
import { describe, expect, test } from "vitest";
import {
  compileMatcher,
  matchedPath,
  matcherEntries,
  matcherMatches,
  type MatcherSite,
} from "../../app/next/middleware/matcher.ts";
import type { ConditionSubject } from "../../app/routing/conditions.ts";
import {
  browserMatchers,
  browserRegExps,
  matcherNamesPath,
} from "../../app/next/middleware/browser-matchers.ts";
import { stripBasePath } from "../../app/routing/base-path.ts";
import { localeAndPathOf } from "../../app/routing/locale.ts";

const PLAIN: MatcherSite = { basePath: "", i18n: false };
const I18N: MatcherSite = { basePath: "", i18n: true };
const SHOP: MatcherSite = { basePath: "/shop", i18n: true };

function matches(matcher: unknown, site: MatcherSite, locale: string | null, path: string) {
  const entries = matcherEntries(matcher, "middleware.ts");
  if (entries !== null && "problem" in entries) throw new Error(entries.problem);
  return matcherMatches(compileMatcher(entries, site), matchedPath(site, locale, path), null);
}

describe("which paths a matcher names", () => {
  const cases: [
    matcher: unknown,
    site: MatcherSite,
    locale: string | null,
    path: string,
    runs: boolean,
  ][] = [
    [undefined, PLAIN, null, "/anything/at/all", true],
    ["/about", PLAIN, null, "/about", true],
    ["/about", PLAIN, null, "/about/", true],
    ["/about", PLAIN, null, "/about/team", false],
    ["/about", PLAIN, null, "/aboutus", false],
    ["/about/:path*", PLAIN, null, "/about", true],
    ["/about/:path*", PLAIN, null, "/about/a/b", true],
    ["/about/:path+", PLAIN, null, "/about", false],
    ["/about/:path+", PLAIN, null, "/about/a", true],
    ["/blog/:slug", PLAIN, null, "/blog/hello", true],
    ["/blog/:slug", PLAIN, null, "/blog/hello/more", false],
    // Case-insensitive, as Next.js's matcher is.
    ["/about", PLAIN, null, "/About", true],
    // Next.js's documented "everything but" pattern.
    ["/((?!api|_next/static|favicon.ico).*)", PLAIN, null, "/about", true],
    ["/((?!api|_next/static|favicon.ico).*)", PLAIN, null, "/api/users", false],
    [["/a", "/b/:id"], PLAIN, null, "/b/7", true],
    [["/a", "/b/:id"], PLAIN, null, "/c", false],
    // With i18n the path always has its locale: the default one's too.
    ["/about", I18N, "en", "/about", true],
    ["/about", I18N, "fr", "/about", true],
    ["/", I18N, "en", "/", true],
    ["/", I18N, "fr", "/", true],
    ["/", I18N, "fr", "/about", false],
    // The root's index is the root, as Next.js compiles a root matcher.
    ["/", PLAIN, null, "/", true],
    ["/", PLAIN, null, "/index", true],
    ["/", PLAIN, null, "/indexes", false],
    ["/", I18N, "en", "/index", true],
    ["/", SHOP, "en", "/index", true],
    // locale: false matches the path as it is kept: its locale spelt out.
    [{ source: "/about", locale: false }, I18N, "en", "/about", false],
    [{ source: "/en/about", locale: false }, I18N, "en", "/about", true],
    [{ source: "/fr/:path*", locale: false }, I18N, "fr", "/about", true],
    [{ source: "/fr/:path*", locale: false }, I18N, "en", "/about", false],
    // The base path comes first.
    ["/about", SHOP, "en", "/about", true],
    ["/about", SHOP, "de", "/about", true],
    ["/", SHOP, "en", "/", true],
  ];
  test.each(cases)("%j (%j, locale %s) on %s: %s", (matcher, site, locale, path, runs) => {
    expect(matches(matcher, site, locale, path)).toBe(runs);
  });
});

describe("the path a matcher is matched against", () => {
  test.each([
    [PLAIN, null, "/about", "/about"],
    [PLAIN, null, "/", "/"],
    [I18N, "en", "/about", "/en/about"],
    [I18N, "pt-BR", "/", "/pt-BR"],
    [SHOP, "en", "/", "/shop/en"],
    [{ basePath: "/shop", i18n: false }, null, "/", "/shop"],
  ] as const)("%j, %s, %s -> %s", (site, locale, path, expected) => {
    expect(matchedPath(site, locale, path)).toBe(expected);
  });
});

describe("has and missing", () => {
  const subject = (fields: {
    headers?: Record<string, string>;
    cookies?: Record<string, string>;
    query?: Record<string, string>;
    host?: string;
  }): ConditionSubject => ({
    header: (name) => fields.headers?.[name],
    cookie: (name) => fields.cookies?.[name],
    query: (name) => fields.query?.[name],
    host: fields.host ?? "example.com",
  });
  const run = (matcher: unknown, who: ConditionSubject, path = "/about") => {
    const entries = matcherEntries(matcher, "middleware.ts");
    if (entries !== null && "problem" in entries) throw new Error(entries.problem);
    return matcherMatches(compileMatcher(entries, PLAIN), path, who);
  };
  test.each([
    [{ type: "header", key: "X-Role" }, subject({ headers: { "x-role": "admin" } }), true],
    [
      { type: "header", key: "x-role", value: "adm.*" },
      subject({ headers: { "x-role": "admin" } }),
      true,
    ],
    // The value must match the whole of it.
    [
      { type: "header", key: "x-role", value: "adm" },
      subject({ headers: { "x-role": "admin" } }),
      false,
    ],
    [{ type: "cookie", key: "session" }, subject({ cookies: { session: "1" } }), true],
    [{ type: "cookie", key: "session" }, subject({}), false],
    [
      { type: "query", key: "preview", value: "1|yes" },
      subject({ query: { preview: "yes" } }),
      true,
    ],
    [{ type: "host", value: "(www\\.)?example\\.com" }, subject({ host: "www.example.com" }), true],
    [{ type: "host", value: "example\\.org" }, subject({}), false],
  ])("has %j", (condition, who, runs) => {
    expect(run({ source: "/about", has: [condition] }, who)).toBe(runs);
    expect(run({ source: "/about", missing: [condition] }, who)).toBe(!runs);
  });
  test("the browser, which cannot read them, asks the server whenever the path matches", () => {
    const entries = matcherEntries(
      [{ source: "/about", has: [{ type: "cookie", key: "session" }] }],
      "middleware.ts",
    );
    if (entries === null || "problem" in entries) throw new Error("no entries");
    const compiled = compileMatcher(entries, PLAIN);
    expect(matcherMatches(compiled, "/about", null)).toBe(true);
    expect(matcherMatches(compiled, "/other", null)).toBe(false);
  });
});

describe("a matcher that is wrong stops the start, naming the file and the entry", () => {
  test.each([
    ["about", 'middleware.ts: config.matcher: "about" must start with "/"'],
    [["/a", 7], "middleware.ts: config.matcher[1] must be a path"],
    [{ source: "/a", locale: true }, "middleware.ts: config.matcher.locale may only be false"],
    [{ source: "/a", has: { type: "header" } }, "middleware.ts: config.matcher.has must be a list"],
    [
      { source: "/a", has: [{ type: "ip", key: "x" }] },
      'middleware.ts: config.matcher.has[0].type must be "header", "cookie", "query" or "host", not "ip"',
    ],
    [
      { source: "/a", missing: [{ type: "header" }] },
      "middleware.ts: config.matcher.missing[0].key must name the header",
    ],
    [
      { source: "/a", has: [{ type: "query", key: "q", value: "(" }] },
      "middleware.ts: config.matcher.has[0].value is not a regular expression",
    ],
    ["/a/:(", 'middleware.ts: config.matcher: "/a/:(" is not a path pattern'],
  ])("%j", (matcher, message) => {
    const entries = matcherEntries(matcher, "middleware.ts");
    expect(entries).toMatchObject({ problem: expect.stringContaining(message) });
  });
});

/**
 * The browser's copy (app/next/middleware/browser-matchers.ts): the server's
 * expressions, sent as their source, tried on the path the browser shows. A
 * click asks the server only where the server's middleware may act; the two
 * must name the same paths. (The example site's locales: en, the default, fr, de.)
 */
describe("the browser's copy of a matcher names the paths the server's does", () => {
  const matcher = ["/dashboard/:path*", { source: "/account", locale: false }, "/"];
  const cases: [site: MatcherSite, shown: string, runs: boolean][] = [
    [I18N, "/dashboard", true],
    [I18N, "/dashboard/a/b", true],
    [I18N, "/fr/dashboard/a", true],
    [I18N, "/DASHBOARD", true],
    [I18N, "/about", false],
    [I18N, "/fr/about", false],
    [I18N, "/", true],
    [I18N, "/de", true],
    [I18N, "/account", false],
    [SHOP, "/shop/dashboard", true],
    [SHOP, "/shop/fr/dashboard/x", true],
    [SHOP, "/shop", true],
    [SHOP, "/dashboard", false],
    [SHOP, "/shop/about", false],
  ];
  test.each(cases)("%j %s: %s", (site, shown, runs) => {
    const entries = matcherEntries(matcher, "middleware.ts");
    if (entries === null || "problem" in entries) throw new Error("a matcher is given");
    const compiled = compileMatcher(entries, site)!;
    const browser = matcherNamesPath(
      browserRegExps(browserMatchers(entries, compiled)),
      shown,
      site,
    );
    expect(browser).toBe(runs);
    // The server, for the same request (server/steps/middleware/step.ts): with a
    // matcher, never outside the base path.
    const below = stripBasePath(shown, site.basePath);
    if (below === null) return;
    const { locale, path } = localeAndPathOf(below);
    expect(matcherMatches(compiled, matchedPath(site, locale, path), null)).toBe(runs);
  });

  test("no matcher: every path, outside the base path none", () => {
    expect(matcherNamesPath(null, "/anything", I18N)).toBe(true);
    expect(matcherNamesPath(browserRegExps([]), "/anything", I18N)).toBe(false);
    const regexps = browserRegExps([{ regexp: "^/shop(?:/)?$", originalSource: "/" }]);
    expect(matcherNamesPath(regexps, "/elsewhere", SHOP)).toBe(false);
  });
});
