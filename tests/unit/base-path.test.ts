import { describe, expect, test } from "vitest";
import {
  basePathProblems,
  routerBasename,
  stripBasePath,
  withBasePath,
  withRouterBasename,
} from "../../app/routing/base-path.ts";
import { documentPathOfDataRequest } from "../../app/routing/build-binding.ts";
import { canonicalHref, canonicalRedirect } from "../../app/routing/canonical-url.ts";
import { compileRedirects, redirectFor } from "../../app/routing/redirects/rules.ts";
import { buildSiteConfig, defineSiteConfig } from "../../app/routing/site-config.ts";
import { pageKey, purgeMatcher } from "../../server/pages/cache/on-demand.ts";

const never = { trailingSlash: "never", basePath: "/shop" } as const;
const always = { trailingSlash: "always", basePath: "/shop" } as const;

describe("a base path's value", () => {
  test.each([
    ["", []],
    ["/shop", []],
    ["/a/b-c_d.e~f", []],
    ["shop", ['basePath: "shop" must start with "/", as "/shop" does']],
    ["/", ['basePath: "/" is the root: leave basePath out, or write ""']],
    ["/shop/", ['basePath: "/shop/" must not end with "/" (write "/shop")']],
    ["/a//b", ['basePath: "/a//b" must not hold empty, "." or ".." segments']],
    ["/a/../b", ['basePath: "/a/../b" must not hold empty, "." or ".." segments']],
    [
      "/sh op",
      ['basePath: "/sh op": "sh op" may hold only letters, digits, "-", "_", "." and "~"'],
    ],
    ["/a;b", ['basePath: "/a;b": "a;b" may hold only letters, digits, "-", "_", "." and "~"']],
    [
      "/caf%C3%A9",
      ['basePath: "/caf%C3%A9": "caf%C3%A9" may hold only letters, digits, "-", "_", "." and "~"'],
    ],
    [42, ["basePath: 42 must be a string"]],
  ])("%j -> %j", (value, problems) => {
    expect(basePathProblems(value)).toEqual(problems);
  });

  test("the site config names the key; the build's BASE_PATH overrides it and is checked as such", () => {
    expect(() => defineSiteConfig({ basePath: "shop" })).toThrow(
      'basePath: "shop" must start with "/"',
    );
    const site = defineSiteConfig({ basePath: "/shop" });
    expect(site.basePath).toBe("/shop");
    expect(buildSiteConfig(site, {}).basePath).toBe("/shop");
    expect(buildSiteConfig(site, { BASE_PATH: "/docs" }).basePath).toBe("/docs");
    expect(buildSiteConfig(defineSiteConfig({}), { BASE_PATH: "" }).basePath).toBe("");
    expect(() => buildSiteConfig(site, { BASE_PATH: "/docs/" })).toThrow(
      'BASE_PATH: "/docs/" must not end with "/"',
    );
  });
});

describe("joining and stripping", () => {
  test.each([
    ["/shop", "/shop/about", "/about"],
    ["/shop", "/shop/", "/"],
    ["/shop", "/shop", "/"],
    ["/shop", "/shop//about", "//about"],
    ["/shop", "/shop/fr/about/", "/fr/about/"],
    ["/shop", "/shopping", null],
    ["/shop", "/shop.data", "/_.data"],
    ["/shop", "/shop.data?_routes=root", "/_.data?_routes=root"],
    ["/shop", "/shop?q=1", "/?q=1"],
    ["/shop", "/shop.datax", null],
    ["/shop", "/", null],
    ["/shop", "/SHOP/about", null],
    ["/shop", "//shop/about", null],
    ["/shop", "/about/shop", null],
    ["/a/b", "/a/b/c", "/c"],
    ["/a/b", "/a/bc", null],
    ["", "/about", "/about"],
    ["", "//x", "//x"],
  ])("under %j, %j is %j", (base, path, inner) => {
    expect(stripBasePath(path, base)).toBe(inner);
  });

  test.each([
    ["/about", false, "/shop/about"],
    ["/about/", true, "/shop/about/"],
    ["/", false, "/shop"],
    ["/", true, "/shop/"],
    ["/?q=1", false, "/shop?q=1"],
    ["/?q=1", true, "/shop/?q=1"],
    ["/#top", false, "/shop#top"],
    ["/fr", false, "/shop/fr"],
  ])("%j with trailing slashes %j -> %j", (path, trailing, url) => {
    expect(withBasePath(path, "/shop", trailing)).toBe(url);
    expect(withBasePath(path, "", trailing)).toBe(path);
    // What React Router's client does with the basename the build gives it.
    expect(withRouterBasename(path, routerBasename("/shop", trailing))).toBe(url);
  });

  test("a joined path strips back to itself", () => {
    for (const path of ["/", "/about", "/fr/about/", "/a%2Fb"]) {
      for (const trailing of [false, true]) {
        expect(stripBasePath(withBasePath(path, "/shop", trailing), "/shop")).toBe(path);
      }
    }
  });
});

describe("the contract under /shop", () => {
  // [request path, Location with trailingSlash never, with always]; null: no redirect.
  test.each([
    ["/shop", null, "/shop/"],
    ["/shop/", "/shop", null],
    ["/shop//", "/shop", "/shop/"],
    ["/shop/about", null, "/shop/about/"],
    ["/shop/about/", "/shop/about", null],
    ["/shop//about", "/shop/about", "/shop/about/"],
    ["/shop/FR//about/", "/shop/fr/about", "/shop/fr/about/"],
    ["/shop/fr/", "/shop/fr", null],
    ["/shop/x/../about", "/shop/about", "/shop/about/"],
    ["/shop/..", "/shop", "/shop/"],
    ["/shop/../../evil.example", "/shop/evil.example", "/shop/evil.example"],
    ["/shop//evil.example/", "/shop/evil.example", "/shop/evil.example"],
    ["/shop/\\evil.example", "/shop/evil.example", "/shop/evil.example"],
    // Outside the base path: no redirect, the not-found page.
    ["/about", null, null],
    ["//shop/about", null, null],
    ["/SHOP/about", null, null],
    ["/shopping/", null, null],
  ])("%s -> %s | %s", (path, whenNever, whenAlways) => {
    expect(canonicalRedirect(path, "", never)).toBe(whenNever);
    expect(canonicalRedirect(path, "", always)).toBe(whenAlways);
    // The query is kept byte for byte.
    expect(canonicalRedirect(path, "?b=2&a", never)).toBe(whenNever && `${whenNever}?b=2&a`);
  });

  test("links carry the base path, the home page in the site's slash style", () => {
    expect(canonicalHref("en", "/", never)).toBe("/shop");
    expect(canonicalHref("en", "/", always)).toBe("/shop/");
    expect(canonicalHref("fr", "/", never)).toBe("/shop/fr");
    expect(canonicalHref("fr", "/about", always)).toBe("/shop/fr/about/");
  });

  test.each([
    ["/shop.data", "", never, "/shop"],
    ["/shop/_.data", "", always, "/shop/"],
    ["/shop/about.data", "?_routes=root&q=1", never, "/shop/about?q=1"],
    ["/shop/fr/about/_.data", "", always, "/shop/fr/about/"],
    ["/shop//evil.example.data", "", never, "/shop/evil.example"],
    ["/about.data", "", never, null],
  ] as const)("route data %s%s is the page %s", (path, search, options, page) => {
    expect(documentPathOfDataRequest(path, search, options)).toBe(page);
  });
});

describe("redirects under /shop", () => {
  const rules = compileRedirects([
    { source: "/old-blog/:slug", destination: "/blog/:slug", permanent: true },
    { source: "/legacy", destination: "/shop/about", permanent: false, basePath: false },
    { source: "/out", destination: "https://example.com/:path*", permanent: false },
  ]);
  const ask = (path: string, options: typeof never | typeof always = never) =>
    redirectFor(rules, { path, search: "?x=1", header: () => undefined }, options).redirect
      ?.location ?? null;

  test.each([
    // A rule's source is below the base path; its destination gets it, in one hop.
    ["/shop/old-blog/hello", "/shop/blog/hello?x=1"],
    ["/shop/old-blog/hello/", "/shop/blog/hello?x=1"],
    ["/shop/fr/old-blog/hello", "/shop/fr/blog/hello?x=1"],
    ["/old-blog/hello", null],
    // basePath: false: matched on the whole path, the destination as written.
    ["/legacy", "/shop/about?x=1"],
    ["/shop/legacy", null],
    // An origin in a destination is only ever the one written.
    ["/shop/out", "https://example.com/?x=1"],
  ])("%s -> %s", (path, location) => {
    expect(ask(path)).toBe(location);
  });

  test("with trailing slashes, the destination is written in the site's style", () => {
    expect(ask("/shop/old-blog/hello", always)).toBe("/shop/blog/hello/?x=1");
  });

  test("a hostile parameter stays in the path below the base", () => {
    expect(ask("/shop/old-blog/%2F%2Fevil.example")).toBe("/shop/blog/%2F%2Fevil.example?x=1");
  });
});

describe("revalidation under /shop", () => {
  test("a purge names a page as the app does; the kept page's key is below the base path", () => {
    expect(pageKey("/shop/blog/caf%C3%A9?x=1", "/shop")).toBe("/blog/caf%C3%A9");
    expect(pageKey("/shop.data", "/shop")).toBe("/_.data");
    const matches = purgeMatcher({ kind: "paths", names: ["/about"] }, "/shop");
    for (const target of ["/shop/about", "/shop/fr/about", "/shop/about.data", "/shop/de/about/"])
      expect(matches({ target, tags: [] })).toBe(true);
    expect(matches({ target: "/shop/blog/about", tags: [] })).toBe(false);
    const home = purgeMatcher({ kind: "paths", names: ["/"] }, "/shop");
    for (const target of ["/shop", "/shop/", "/shop.data", "/shop/_.data", "/shop/fr"])
      expect(home({ target, tags: [] })).toBe(true);
  });
});
