import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { documentPathOfDataRequest } from "../../app/routing/build-binding.ts";
import {
  prefetchAllowed,
  prefetchPlan,
  prefetchTarget,
  routeDataPath,
  type ClientManifest,
} from "../../app/routing/prefetch.ts";

describe("prefetchAllowed: which connections may be spent on a click that may never come", () => {
  test.each([
    ["no Network Information API (Safari, Firefox)", undefined, true],
    ["a 4g connection", { effectiveType: "4g" }, true],
    ["a 3g connection", { effectiveType: "3g" }, true],
    ["a 2g connection", { effectiveType: "2g" }, false],
    ["a slow-2g connection", { effectiveType: "slow-2g" }, false],
    ["Save-Data, on any connection", { saveData: true, effectiveType: "4g" }, false],
    ["Save-Data off", { saveData: false, effectiveType: "4g" }, true],
  ])("%s -> %s", (_, connection, expected) => {
    expect(prefetchAllowed(connection)).toBe(expected);
  });
});

describe("prefetchTarget: the page a link leads to, when a click would be a client navigation", () => {
  const here = "https://site.example/about?tab=1";
  const link = (href: string, more: { target?: string; download?: boolean } = {}) => ({
    href,
    target: more.target ?? "",
    download: more.download ?? false,
  });
  test.each([
    ["a page of this site", link("https://site.example/blog/new"), "/blog/new"],
    ["its query kept", link("https://site.example/shop?sort=price"), "/shop?sort=price"],
    ["its hash dropped", link("https://site.example/docs/a#intro"), "/docs/a"],
    ["a relative href", link("/fr/about"), "/fr/about"],
    [
      "an encoded path, as the browser sends it",
      link("/blog/hello%20world"),
      "/blog/hello%20world",
    ],
    ["another origin", link("https://evil.example/about"), null],
    ["another scheme of this host", link("http://site.example/blog/new"), null],
    ["this very page (a hash link)", link("https://site.example/about?tab=1#team"), null],
    ["the same path with another query", link("/about?tab=2"), "/about?tab=2"],
    ["a new window", link("/blog/new", { target: "_blank" }), null],
    ["this window, said", link("/blog/new", { target: "_self" }), "/blog/new"],
    ["a download", link("/report.pdf", { download: true }), null],
    ["not a URL", link("http://[::1"), null],
  ])("%s -> %s", (_, hints, expected) => {
    expect(prefetchTarget(hints, here)).toBe(expected);
  });
});

describe("routeDataPath: the URL React Router's client asks for a page's data", () => {
  test.each([
    ["/about", "/about.data"],
    ["/", "/_.data"],
    ["/about/", "/about/_.data"],
    ["/fr", "/fr.data"],
    ["/shop?sort=price&page=2", "/shop.data?sort=price&page=2"],
    ["/?q=1", "/_.data?q=1"],
    ["/blog/hello%20world", "/blog/hello%20world.data"],
  ])("%s -> %s", (page, expected) => {
    expect(routeDataPath(page)).toBe(expected);
  });

  test("the server reads the page back from it: documentPathOfDataRequest is its inverse", () => {
    const segment = fc.stringMatching(/^[a-z0-9-]{1,8}$/);
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 4 }), fc.boolean(), (segments, slash) => {
        const page = segments.length === 0 ? "/" : `/${segments.join("/")}${slash ? "/" : ""}`;
        const data = routeDataPath(page);
        const trailingSlash = slash ? "always" : "never";
        expect(documentPathOfDataRequest(data, "", { trailingSlash, basePath: "" })).toBe(page);
      }),
    );
  });
});

describe("prefetchPlan: what a navigation will load that this page has not", () => {
  const manifest: ClientManifest = {
    entry: { module: "/assets/entry.js", imports: ["/assets/react.js"] },
    routes: {
      root: { module: "/assets/root.js", imports: ["/assets/react.js", "/assets/page.js"] },
      "default/home": { module: "/assets/home.js", imports: ["/assets/page.js"] },
      "default/about": { module: "/assets/about.js", imports: ["/assets/page.js"] },
      "default/blog-post": {
        module: "/assets/blog-post.js",
        imports: ["/assets/page.js", "/assets/date.js"],
        css: ["/assets/blog-post.css"],
      },
    },
  };
  const renderOnce = new Set(["root", "default/home", "default/about"]);
  const loaded = ["root", "default/home"];

  test("a page rendered once: its module, and its data", () => {
    expect(prefetchPlan("/about", ["root", "default/about"], manifest, loaded, renderOnce)).toEqual(
      {
        files: ["/assets/about.js"],
        modules: [{ route: "default/about", module: "/assets/about.js" }],
        data: "/about.data",
        clientData: null,
      },
    );
  });

  test("a page rendered once that loads its own data (a Next.js page): no route data; its module says", () => {
    const next: ClientManifest = {
      ...manifest,
      routes: {
        ...manifest.routes,
        "default/about": { module: "/assets/about.js", hasClientLoader: true },
      },
    };
    expect(prefetchPlan("/about", ["root", "default/about"], next, loaded, renderOnce)).toEqual({
      files: ["/assets/about.js"],
      modules: [{ route: "default/about", module: "/assets/about.js" }],
      data: null,
      clientData: "default/about",
    });
    // Rendered per request: nothing of its data, whoever loads it.
    expect(
      prefetchPlan("/about", ["root", "default/about"], next, loaded, new Set(["root"])).clientData,
    ).toBeNull();
  });

  test("a page rendered per request: its module, what it imports that is new, its CSS; no data", () => {
    expect(
      prefetchPlan("/blog/x", ["root", "default/blog-post"], manifest, loaded, renderOnce),
    ).toEqual({
      files: ["/assets/blog-post.js", "/assets/date.js", "/assets/blog-post.css"],
      modules: [{ route: "default/blog-post", module: "/assets/blog-post.js" }],
      data: null,
      clientData: null,
    });
  });

  test("a page under two new routes: both route modules, parent first", () => {
    const nested: ClientManifest = {
      ...manifest,
      routes: {
        ...manifest.routes,
        "default/docs": { module: "/assets/docs.js", imports: ["/assets/page.js"] },
        "default/docs/page": { module: "/assets/docs-page.js", imports: ["/assets/docs.js"] },
      },
    };
    const plan = prefetchPlan(
      "/docs/a",
      ["root", "default/docs", "default/docs/page"],
      nested,
      loaded,
      renderOnce,
    );
    expect(plan.files).toEqual(["/assets/docs.js", "/assets/docs-page.js"]);
    expect(plan.modules).toEqual([
      { route: "default/docs", module: "/assets/docs.js" },
      { route: "default/docs/page", module: "/assets/docs-page.js" },
    ]);
  });

  test("a page whose modules are all loaded: only its data", () => {
    expect(prefetchPlan("/?q=2", ["root", "default/home"], manifest, loaded, renderOnce)).toEqual({
      files: [],
      modules: [],
      data: "/_.data?q=2",
      clientData: null,
    });
  });

  test("a route the manifest does not know (another build's link) adds nothing", () => {
    expect(prefetchPlan("/x", ["root", "gone"], manifest, loaded, renderOnce)).toEqual({
      files: [],
      modules: [],
      data: null,
      clientData: null,
    });
  });

  test("nothing matched: nothing to fetch", () => {
    expect(prefetchPlan("/x", [], manifest, loaded, renderOnce)).toEqual({
      files: [],
      modules: [],
      data: null,
      clientData: null,
    });
  });
});
