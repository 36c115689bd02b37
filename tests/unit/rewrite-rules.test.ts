/**
 * next.config.js's `rewrites()` (app/routing/rewrite-rules.ts): which phase
 * answers, with what the site serves at each path stubbed as a table; where a
 * rule leads (parameters into the path or the query, the request's query kept
 * under the destination's, captures of conditions, the locale and base path);
 * rules leading to rules; and the config refused. The expectations follow
 * Next.js's resolve-routes as read in its source; the same fixture rules run
 * against `next start` in e2e/differential/rewrites.spec.ts.
 */
import { describe, expect, test } from "vitest";
import type { ConditionSubject } from "../../app/routing/conditions.ts";
import { rewriteProblems, rewritePhasesOf } from "../../app/routing/rewrite-config.ts";
import {
  compileRewrites,
  rewriteTarget,
  type PathKind,
  type RewritePhases,
  type RewriteRule,
} from "../../app/routing/rewrite-rules.ts";

const subjectWith = (headers: Record<string, string> = {}): ConditionSubject => ({
  header: (name) => headers[name],
  cookie: () => undefined,
  query: () => undefined,
  host: "example.com",
});

/** What a small site serves, by path as the rules spell it (here with i18n: a locale always). */
const SERVED: Record<string, PathKind> = {
  "/en/about": "page",
  "/fr/about": "page",
  "/en/robots.txt": "file",
  "/en/api/users/9": "dynamic",
};
function kind(path: string): PathKind {
  if (path in SERVED) return SERVED[path]!;
  if (/^\/(en|fr)\/(ssr|c)\/[^/]+$/.test(path)) return "dynamic";
  if (/^\/(en|fr)\/docs(\/.+)?$/.test(path)) return "dynamic";
  return null;
}

const i18n = { basePath: "", locales: ["en", "fr"] };
const phases = (input: Partial<RewritePhases>) => rewritePhasesOf(input);
const r = (source: string, destination: string, extra: Partial<RewriteRule> = {}): RewriteRule => ({
  source,
  destination,
  ...extra,
});

function target(rules: RewritePhases, path: string, search = "", headers = {}, site = i18n) {
  const found = rewriteTarget(
    compileRewrites(rules, site),
    { path, search },
    subjectWith(headers),
    kind,
  );
  return found && `${found.target.path}${found.target.search} (${found.kind})`;
}

describe("which phase answers", () => {
  const cases: [
    name: string,
    rules: Partial<RewritePhases>,
    path: string,
    expected: string | null,
  ][] = [
    ["no rule matches", { afterFiles: [r("/old", "/about")] }, "/en/nothing", null],
    ["afterFiles to a page", { afterFiles: [r("/old", "/about")] }, "/en/old", "/en/about (page)"],
    [
      "the locale carried over",
      { afterFiles: [r("/old", "/about")] },
      "/fr/old",
      "/fr/about (page)",
    ],
    [
      "a page without parameters wins over afterFiles",
      { afterFiles: [r("/about", "/ssr/1")] },
      "/en/about",
      null,
    ],
    [
      "a public file wins over afterFiles",
      { afterFiles: [r("/robots.txt", "/about")] },
      "/en/robots.txt",
      null,
    ],
    [
      "beforeFiles wins over a page",
      { beforeFiles: [r("/about", "/ssr/1")] },
      "/en/about",
      "/en/ssr/1 (dynamic)",
    ],
    [
      "afterFiles wins over a dynamic page",
      { afterFiles: [r("/c/x", "/about")] },
      "/en/c/x",
      "/en/about (page)",
    ],
    ["a dynamic page wins over fallback", { fallback: [r("/c/:d", "/about")] }, "/en/c/x", null],
    [
      "fallback after every page",
      { fallback: [r("/gone/:id", "/ssr/:id")] },
      "/en/gone/4",
      "/en/ssr/4 (dynamic)",
    ],
    [
      "to a public file",
      { beforeFiles: [r("/robots", "/robots.txt")] },
      "/en/robots",
      "/en/robots.txt (file)",
    ],
    [
      "a rule leads to a later one",
      { afterFiles: [r("/a", "/b"), r("/b", "/about")] },
      "/en/a",
      "/en/about (page)",
    ],
    [
      "never back to an earlier one",
      { afterFiles: [r("/b", "/about"), r("/a", "/b")] },
      "/en/a",
      "/en/b (null)",
    ],
    [
      "beforeFiles to nothing, then afterFiles",
      { beforeFiles: [r("/a", "/b")], afterFiles: [r("/b", "/about")] },
      "/en/a",
      "/en/about (page)",
    ],
    [
      "afterFiles to nothing leaves the dynamic page",
      { afterFiles: [r("/c/x", "/nowhere")] },
      "/en/c/x",
      "/en/nowhere (null)",
    ],
    [
      "to nothing: the destination's 404",
      { fallback: [r("/gone", "/nowhere")] },
      "/en/gone",
      "/en/nowhere (null)",
    ],
  ];
  test.each(cases)("%s", (_name, rules, path, expected) => {
    expect(target(phases(rules), path)).toBe(expected);
  });
});

describe("where a rule leads", () => {
  const cases: [name: string, rule: RewriteRule, path: string, search: string, expected: string][] =
    [
      [
        "a parameter into the path",
        r("/p/:slug", "/ssr/:slug"),
        "/en/p/hi",
        "",
        "/en/ssr/hi (dynamic)",
      ],
      [
        "the request's query kept",
        r("/p/:slug", "/ssr/:slug"),
        "/en/p/hi",
        "?q=1&q=2",
        "/en/ssr/hi?q=1&q=2 (dynamic)",
      ],
      [
        "parameters the path does not name go to the query",
        r("/p/:slug", "/about"),
        "/en/p/hi",
        "?q=1",
        "/en/about?q=1&slug=hi (page)",
      ],
      [
        "none added when the path names one",
        r("/p/:a/:b", "/ssr/:a"),
        "/en/p/x/y",
        "",
        "/en/ssr/x (dynamic)",
      ],
      [
        "the destination's query over the request's",
        r("/p/:slug", "/ssr/7?q=:slug"),
        "/en/p/hi",
        "?q=1&z=2",
        "/en/ssr/7?q=hi&z=2&slug=hi (dynamic)",
      ],
      [
        "a catch-all, each segment encoded",
        r("/d/:path*", "/docs/:path*"),
        "/en/d/a/b%20c",
        "",
        "/en/docs/a/b%20c (dynamic)",
      ],
      ["an empty catch-all", r("/d/:path*", "/docs/:path*"), "/en/d", "", "/en/docs (dynamic)"],
      ["the root", r("/", "/about"), "/fr", "", "/fr/about (page)"],
      ["to the root", r("/home", "/"), "/fr/home", "", "/fr (null)"],
      [
        "locale: false names its own",
        r("/fr/own", "/about", { locale: false }),
        "/fr/own",
        "",
        "/about (null)",
      ],
    ];
  test.each(cases)("%s", (_name, rule, path, search, expected) => {
    expect(target(phases({ afterFiles: [rule] }), path, search)).toBe(expected);
  });

  test("a has condition's capture names a parameter", () => {
    const rule = r("/has", "/ssr/:flavour", {
      has: [{ type: "header", key: "x-rw", value: "(?<flavour>\\w+)" }],
    });
    expect(target(phases({ afterFiles: [rule] }), "/en/has", "", { "x-rw": "mint" })).toBe(
      "/en/ssr/mint (dynamic)",
    );
    expect(target(phases({ afterFiles: [rule] }), "/en/has", "", { "x-rw": "a-b" })).toBeNull();
  });

  test("a missing condition met: no rewrite", () => {
    const rule = r("/old", "/about", { missing: [{ type: "header", key: "x-keep" }] });
    expect(target(phases({ afterFiles: [rule] }), "/en/old", "", { "x-keep": "1" })).toBeNull();
    expect(target(phases({ afterFiles: [rule] }), "/en/old")).toBe("/en/about (page)");
  });

  test("under a base path, source and destination both in it", () => {
    const shop = { basePath: "/shop", locales: null };
    const rules = phases({ afterFiles: [r("/old", "/about")] });
    const found = rewriteTarget(
      compileRewrites(rules, shop),
      { path: "/shop/old", search: "" },
      subjectWith(),
      (p) => (p === "/shop/about" ? "page" : null),
    );
    expect(found?.target.path).toBe("/shop/about");
    expect(
      rewriteTarget(
        compileRewrites(rules, shop),
        { path: "/old", search: "" },
        subjectWith(),
        () => null,
      ),
    ).toBeNull();
  });

  test("basePath: false matches the source outside the base path, and leads to another site", () => {
    const shop = { basePath: "/shop", locales: null };
    const rules = phases({
      afterFiles: [{ ...r("/out", "https://docs.example.com/in"), basePath: false }],
    });
    const at = (path: string) =>
      rewriteTarget(compileRewrites(rules, shop), { path, search: "" }, subjectWith(), () => null)
        ?.target ?? null;
    expect(at("/out")).toMatchObject({ origin: "https://docs.example.com", path: "/in" });
    expect(at("/shop/out")).toBeNull();
  });

  test("a source or destination path-to-regexp does not read stops the start, naming it", () => {
    expect(() => compileRewrites(phases({ fallback: [r("/a/(", "/b")] }), i18n)).toThrow(
      /rewrites\.fallback\[0\]: the source "\/a\/\(" is not a path pattern/,
    );
    expect(() => compileRewrites(phases({ afterFiles: [r("/a", "/b/(")] }), i18n)).toThrow(
      /rewrites\.afterFiles\[0\]: the destination/,
    );
  });
});

describe("a destination on another site", () => {
  test.each([
    // Its path is the other site's: no locale or base path of this one; the chain ends there.
    [
      r("/docs/:path*", "https://docs.example.com/:path*"),
      "/en/docs/a/b",
      "",
      "https://docs.example.com/a/b",
    ],
    [
      r("/api/:id", "https://api.example.com/v1/items/:id?x=1"),
      "/fr/api/9",
      "?q=2",
      "https://api.example.com/v1/items/9?q=2&x=1",
    ],
    [r("/feed", "https://feeds.example.com"), "/en/feed", "", "https://feeds.example.com/"],
  ])("%j: %s%s is proxied to %s", (rule, path, search, url) => {
    const found = rewriteTarget(
      compileRewrites(phases({ beforeFiles: [rule], afterFiles: [r("/:any*", "/about")] }), i18n),
      { path, search },
      subjectWith(),
      kind,
    );
    expect(found?.kind).toBe("external");
    expect(found && `${found.target.origin}${found.target.path}${found.target.search}`).toBe(url);
  });
});

describe("the config refused", () => {
  const cases: [input: unknown, problem: RegExp | null][] = [
    [[r("/a", "/b")], null],
    [{ beforeFiles: [r("/a", "/b")], fallback: [] }, null],
    [{ afterFiles: [r("/a", "/b", { locale: false, has: [{ type: "host", value: "x" }] })] }, null],
    [
      "/a",
      /rewrites: must be a list of \{ source, destination \}, or \{ beforeFiles, afterFiles, fallback \}/,
    ],
    [{ before: [] }, /rewrites\.before: not a phase \(known: beforeFiles, afterFiles, fallback\)/],
    [{ afterFiles: {} }, /rewrites\.afterFiles: must be a list/],
    [
      [{ source: "a", destination: "/b" }],
      /rewrites\[0\]\.source: must be a path starting with "\/"/,
    ],
    // Another site's URL, which the server proxies to, as Next.js does.
    [[r("/a/:path*", "https://api.example.com/:path*")], null],
    [[r("/a", "http://127.0.0.1:4000")], null],
    [
      [r("/a", "//cdn.example.com/x")],
      /"\/\/cdn\.example\.com\/x" is no http\(s\) URL with a host/,
    ],
    [[r("/a", "ftp://files.example.com/x")], /is no http\(s\) URL with a host/],
    [[r("/a", "https://user:pw@api.example.com/x")], /is no http\(s\) URL with a host/],
    [[r("/a", "b")], /rewrites\[0\]\.destination: must be a path starting with "\/"/],
    [[r("/a", "/b%zz")], /rewrites\[0\]\.destination: "\/b%zz" has a "%" that is no escape/],
    [
      [{ ...r("/a", "/b"), basePath: false }],
      /rewrites\[0\]\.basePath: false leads to "\/b", a path of this host outside the site's base path/,
    ],
    [[{ ...r("/a", "https://docs.example.com/a"), basePath: false }], null],
    [[{ ...r("/a", "https://docs.example.com"), basePath: true }], /basePath: may only be false/],
    [[{ ...r("/a", "/b"), locale: true }], /rewrites\[0\]\.locale: may only be false/],
    [[{ ...r("/a", "/b"), permanent: true }], /rewrites\[0\]\.permanent: not a key of a rewrite/],
    [
      [r("/a", "/b", { has: [{ type: "body" } as never] })],
      /rewrites\[0\]\.has\[0\]\.type must be/,
    ],
  ];
  test.each(cases)("%j", (input, problem) => {
    const problems = rewriteProblems(input);
    if (problem === null) expect(problems).toEqual([]);
    else expect(problems.join("\n")).toMatch(problem);
  });
});
