import { describe, expect, test } from "vitest";
import type { ServerBuild } from "react-router";
import {
  MAX_REVALIDATE_S,
  routeRendersOnce,
  routeRevalidate,
} from "../../app/routing/render-once.ts";
import { memoryCache } from "../../server/pages/cache/memory.ts";
import { etagMatches } from "../../server/platform/exchange.ts";
import { renderOnceRouteIds, renderOncePatterns } from "../../server/pages/render-once.ts";

const loader = () => null;
const action = () => null;

describe("routeRendersOnce: which route modules are rendered once", () => {
  test.each([
    ["no loader, no action", {}, true],
    ["a loader", { loader }, false],
    ["an action", { action }, false],
    ["a loader that vouches for itself", { loader, renderOnce: true }, true],
    ["no loader, opted out", { renderOnce: false }, false],
    [
      "an action that vouches for its page (only GET and HEAD are kept)",
      { action, renderOnce: true },
      true,
    ],
    ["a renderOnce that is not a boolean is ignored", { loader, renderOnce: "yes" }, false],
    ["a loader that revalidates (getStaticProps)", { loader, revalidate: 60 }, true],
  ])("%s", (_, module, expected) => {
    expect(routeRendersOnce(module)).toBe(expected);
  });
});

describe("routeRevalidate: how old a route's pages may grow before they are rendered again", () => {
  test.each([
    ["not said: kept until evicted", {}, null],
    ["a minute", { loader, revalidate: 60 }, 60],
    ["one second", { revalidate: 1 }, 1],
    ["a year", { revalidate: MAX_REVALIDATE_S }, MAX_REVALIDATE_S],
    ["with renderOnce = true", { loader, renderOnce: true, revalidate: 5 }, 5],
  ])("%s", (_, module, expected) => {
    expect(routeRevalidate(module)).toBe(expected);
  });

  test.each([
    ["zero", { revalidate: 0 }],
    ["negative", { revalidate: -1 }],
    ["a fraction", { revalidate: 0.5 }],
    ["a string", { revalidate: "60" }],
    ["false (Next.js's 'never')", { revalidate: false }],
    ["over a year", { revalidate: MAX_REVALIDATE_S + 1 }],
    ["Infinity", { revalidate: Infinity }],
  ])("%s is refused", (_, module) => {
    expect(() => routeRevalidate(module)).toThrow(/whole number of seconds from 1 to 31536000/);
  });

  test("with renderOnce = false it is refused, not ignored", () => {
    expect(() => routeRevalidate({ loader, renderOnce: false, revalidate: 60 })).toThrow(
      /cannot go with renderOnce = false/,
    );
  });
});

// The shape of app/routes.ts: each page unprefixed and under a locale prefix.
function route(id: string, parentId: string | undefined, shape: object, module: object) {
  return {
    id,
    parentId,
    caseSensitive: true,
    ...shape,
    module: { default: () => null, ...module },
  };
}
const routes = {
  root: route("root", undefined, { path: "" }, { loader, renderOnce: true }),
  home: route("home", "root", { index: true }, {}),
  about: route("about", "root", { path: "about" }, {}),
  "blog-new": route("blog-new", "root", { path: "blog/new" }, {}),
  "blog-post": route("blog-post", "root", { path: "blog/:slug" }, { loader }),
  docs: route("docs", "root", { path: "docs/*" }, { loader, renderOnce: true }),
  form: route("form", "root", { path: "lab/form" }, { action }),
  private: route("private", "root", { path: "account" }, { renderOnce: false }),
  "not-found": route("not-found", "root", { path: "*" }, { loader, renderOnce: true }),
  "fr/about": route("fr/about", "root", { path: "fr/about" }, {}),
  "fr/blog-post": route("fr/blog-post", "root", { path: "fr/blog/:slug" }, { loader }),
} as unknown as ServerBuild["routes"];

// A page under a layout that opts out.
const nested = {
  ...routes,
  account: route("account", "root", { path: "account" }, { renderOnce: false }),
  settings: route("settings", "account", { path: "settings" }, {}),
} as unknown as ServerBuild["routes"];

describe("renderOncePatterns: which matched route patterns are rendered once", () => {
  const patterns = renderOncePatterns(routes);
  test.each([
    ["/", true],
    ["/about", true],
    ["/fr/about", true],
    ["/blog/new", true],
    ["/blog/:slug", false],
    ["/fr/blog/:slug", false],
    ["/docs/*", true],
    ["/*", true],
    ["/lab/form", false],
    ["/account", false],
    ["/unknown", false],
  ])("%s -> %s", (pattern, expected) => {
    expect(patterns.has(pattern)).toBe(expected);
  });

  test("a route under a layout that opts out is rendered per request", () => {
    expect(renderOncePatterns(nested).has("/account/settings")).toBe(false);
  });

  test("each pattern carries the shortest revalidate on the way to it", () => {
    const revalidating = {
      ...routes,
      news: route("news", "root", { path: "news" }, { loader, revalidate: 60 }),
      story: route("story", "news", { path: ":id" }, { loader, revalidate: 300 }),
      live: route("live", "news", { path: "live" }, { loader, revalidate: 10 }),
    } as unknown as ServerBuild["routes"];
    const map = renderOncePatterns(revalidating);
    expect(
      ["/about", "/news", "/news/:id", "/news/live"].map((p) => map.get(p)?.revalidate),
    ).toEqual([null, 60, 60, 10]);
  });

  test("and the tags of every route on the way", () => {
    const tagged = {
      ...routes,
      news: route("news", "root", { path: "news" }, { loader, revalidate: 60, tags: ["news"] }),
      story: route(
        "story",
        "news",
        { path: ":id" },
        { loader, revalidate: 300, tags: ["story", "news"] },
      ),
    } as unknown as ServerBuild["routes"];
    const map = renderOncePatterns(tagged);
    expect([map.get("/about")?.tags, map.get("/news")?.tags, map.get("/news/:id")?.tags]).toEqual([
      [],
      ["news"],
      ["news", "story"],
    ]);
    const wrong = {
      ...routes,
      news: route("news", "root", { path: "news" }, { tags: ["a b"] }),
    } as unknown as ServerBuild["routes"];
    expect(() => renderOncePatterns(wrong)).toThrow(/^route news: tags must be a list of tags/);
  });

  test("a revalidate no route may have stops the server, naming the route", () => {
    const wrong = {
      ...routes,
      news: route("news", "root", { path: "news" }, { loader, revalidate: "60" }),
    } as unknown as ServerBuild["routes"];
    expect(() => renderOncePatterns(wrong)).toThrow(
      /^route news: revalidate must be a whole number/,
    );
  });
});

describe("renderOnceRouteIds: the routes whose data the browser may prefetch", () => {
  test("the routes whose every ancestor renders once, and only those", () => {
    expect(renderOnceRouteIds(routes).sort()).toEqual(
      ["about", "blog-new", "docs", "fr/about", "home", "not-found", "root"].sort(),
    );
  });

  test("a route under a layout that opts out is not among them", () => {
    expect(renderOnceRouteIds(nested)).not.toContain("settings");
  });
});

describe("memoryCache: least recently used first, bounded by bytes", () => {
  const sized = (maxBytes = 10) => memoryCache<string>(maxBytes, (value) => value.length);

  test("keeps values while they fit", () => {
    const cache = sized();
    cache.set("a", "1234");
    cache.set("b", "123456");
    expect([cache.get("a"), cache.get("b"), cache.calculatedSize]).toEqual(["1234", "123456", 10]);
  });

  test("evicts the least recently used first, until the new value fits", () => {
    const cache = sized();
    cache.set("a", "1234");
    cache.set("b", "1234");
    cache.get("a"); // a is now newer than b
    cache.set("c", "1234");
    expect([cache.get("a"), cache.get("b"), cache.get("c")]).toEqual(["1234", undefined, "1234"]);
    expect(cache.calculatedSize).toBe(8);
  });

  test("a value larger than the whole budget is not kept, and evicts nothing", () => {
    const cache = sized();
    cache.set("a", "1234");
    cache.set("huge", "12345678901");
    expect([cache.get("huge"), cache.get("a"), cache.size]).toEqual([undefined, "1234", 1]);
  });

  test("replacing a key accounts for its new size", () => {
    const cache = sized();
    cache.set("a", "1234");
    cache.set("a", "12");
    cache.delete("missing");
    expect([cache.calculatedSize, cache.size]).toEqual([2, 1]);
  });

  test("a budget of 0 keeps nothing", () => {
    const cache = sized(0);
    cache.set("a", "1");
    expect([cache.get("a"), cache.size]).toEqual([undefined, 0]);
  });
});

describe("etagMatches", () => {
  test.each([
    [undefined, false],
    ['"abc"', true],
    ['"xyz"', false],
    ['"xyz", "abc"', true],
    ['W/"abc"', true],
    ["*", true],
    ["abc", false],
  ])("If-None-Match %s -> %s", (header, expected) => {
    expect(etagMatches(header, '"abc"')).toBe(expected);
  });
});
