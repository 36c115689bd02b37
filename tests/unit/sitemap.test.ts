import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  pageParams,
  pagePath,
  pageRouteOf,
  type PageParams,
  type PageRoute,
} from "../../app/routing/pages.ts";
import { robotsTxt, sitemapPaths, sitemapXml } from "../../server/steps/sitemap/sitemap.ts";

const page = (file: string): PageRoute => {
  const route = pageRouteOf(file);
  if (typeof route === "string") throw new Error(route);
  return route;
};

describe("pagePath: a page's path for its parameters, the inverse of pageParams", () => {
  test.each([
    ["index.tsx", {}, "/"],
    ["about.tsx", {}, "/about"],
    ["blog/[slug].tsx", { slug: "hello world" }, "/blog/hello%20world"],
    ["blog/[slug].tsx", { slug: "a/b?c#d" }, "/blog/a%2Fb%3Fc%23d"],
    ["docs/[...path].tsx", { path: ["a", "b/c"] }, "/docs/a/b%2Fc"],
    ["shop/[[...filters]].tsx", {}, "/shop"],
    ["shop/[[...filters]].tsx", { filters: ["red", "xl"] }, "/shop/red/xl"],
    // Nothing in an optional catch-all, as getStaticPaths may say it: null, false or [].
    ["[path]/[[...pages]].tsx", { path: "a", pages: null }, "/a"],
    ["shop/[[...filters]].tsx", { filters: false }, "/shop"],
    ["shop/[[...filters]].tsx", { filters: [] }, "/shop"],
    ["café/[id].tsx", { id: "é" }, "/caf%C3%A9/%C3%A9"],
  ])("%s with %j -> %s", (file, params, path) => {
    expect(pagePath(page(file), params as PageParams)).toBe(path);
  });

  test.each([
    ["blog/[slug].tsx", {}, "slug must be a non-empty string"],
    ["blog/[slug].tsx", { slug: "" }, "slug must be a non-empty string"],
    ["blog/[slug].tsx", { slug: ["a"] }, "slug must be a non-empty string"],
    ["docs/[...path].tsx", { path: "a" }, "path must be an array of non-empty strings"],
    ["docs/[...path].tsx", { path: [] }, "path must be an array of non-empty strings"],
    ["docs/[...path].tsx", { path: ["a", ""] }, "path must be an array of non-empty strings"],
    ["about.tsx", { x: "1" }, "x: not a parameter of /about"],
  ])("%s with %j is refused: %s", (file, params, problem) => {
    expect(() => pagePath(page(file), params)).toThrow(`pages/${file}: ${problem}`);
  });

  test("any parameters come back from their path unchanged", () => {
    const segment = fc.string({ minLength: 1, maxLength: 12, unit: "grapheme" });
    const docs = page("docs/[...path].tsx");
    const blog = page("blog/[slug].tsx");
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 4 }), segment, (path, slug) => {
        expect(pageParams(docs.pattern, pagePath(docs, { path }))).toEqual({ path });
        expect(pageParams(blog.pattern, pagePath(blog, { slug }))).toEqual({ slug });
      }),
    );
  });
});

/** A site without i18n: Next.js gives getStaticPaths no locales. */
const NO_LOCALES = {};

describe("sitemapPaths", () => {
  test("plain pages by their path; pages with parameters by getStaticPaths, as params or paths; each once", async () => {
    const paths = await sitemapPaths(
      [
        { page: page("index.tsx") },
        { page: page("about.tsx"), getStaticPaths: () => ({ paths: ["/about"] }) },
        { page: page("blog/[slug].tsx") },
        {
          page: page("docs/[...path].tsx"),
          getStaticPaths: async () => ({
            paths: [{ params: { path: ["a", "b c"] } }, "/docs/x", "/docs/a/b%20c"],
            fallback: "blocking",
          }),
        },
        { page: page("shop/[[...filters]].tsx"), getStaticPaths: () => ({ paths: ["/shop/red"] }) },
      ],
      NO_LOCALES,
    );
    expect(paths).toEqual(["/", "/about", "/docs/a/b%20c", "/docs/x", "/shop", "/shop/red"]);
  });

  test("getStaticPaths is given the site's locales, as Next.js gives them: a page may destructure them", async () => {
    const paths = await sitemapPaths(
      [
        {
          page: page("blog/[slug].tsx"),
          getStaticPaths: ({ locales = [], defaultLocale }) => ({
            paths: locales.map((locale) => ({ params: { slug: `${locale}-of-${defaultLocale}` } })),
          }),
        },
      ],
      { locales: ["en", "fr"], defaultLocale: "en" },
    );
    expect(paths).toEqual(["/blog/en-of-en", "/blog/fr-of-en"]);
  });

  test.each([
    [() => ({ paths: ["/blog/a/b"] }), '"/blog/a/b" is not a path of /blog/[slug]'],
    [() => ({ paths: ["blog/a"] }), '"blog/a" is not a path of /blog/[slug]'],
    [() => ({ paths: [{ params: { id: "1" } }] }), "slug must be a non-empty string"],
    [() => ({}) as never, "getStaticPaths must return { paths: [...] }"],
    [
      () => {
        throw new Error("the CMS is down");
      },
      "getStaticPaths failed: the CMS is down",
    ],
  ])(
    "a getStaticPaths that does not fit is refused, naming the file (%#): %s",
    async (get, problem) => {
      await expect(
        sitemapPaths([{ page: page("blog/[slug].tsx"), getStaticPaths: get }], NO_LOCALES),
      ).rejects.toThrow(`pages/blog/[slug].tsx: ${problem}`);
    },
  );
});

describe("sitemapXml and robotsTxt", () => {
  test("each path in each locale, with alternates and x-default, XML-escaped", () => {
    const xml = sitemapXml("https://shop.example", ["/", "/q&a"], {
      trailingSlash: "never",
      basePath: "",
    });
    expect(xml).toContain(
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    );
    expect(xml).toContain(
      "<url><loc>https://shop.example/fr/q&amp;a</loc>" +
        '<xhtml:link rel="alternate" hreflang="en" href="https://shop.example/q&amp;a"/>' +
        '<xhtml:link rel="alternate" hreflang="fr" href="https://shop.example/fr/q&amp;a"/>' +
        '<xhtml:link rel="alternate" hreflang="de" href="https://shop.example/de/q&amp;a"/>' +
        '<xhtml:link rel="alternate" hreflang="x-default" href="https://shop.example/q&amp;a"/></url>',
    );
    expect(xml.match(/<url>/g)).toHaveLength(6);
    expect(xml).toContain("<loc>https://shop.example/</loc>");
    expect(xml).toContain("<loc>https://shop.example/de</loc>");
  });

  test("under a base path, every URL carries it, the home page in the site's slash style", () => {
    for (const [trailingSlash, home] of [
      ["never", "/shop"],
      ["always", "/shop/"],
    ] as const) {
      const xml = sitemapXml("https://example.com", ["/", "/about"], {
        trailingSlash,
        basePath: "/shop",
      });
      const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
      const slash = trailingSlash === "always" ? "/" : "";
      expect(locs).toEqual([
        `https://example.com${home}`,
        `https://example.com/shop/fr${slash}`,
        `https://example.com/shop/de${slash}`,
        `https://example.com/shop/about${slash}`,
        `https://example.com/shop/fr/about${slash}`,
        `https://example.com/shop/de/about${slash}`,
      ]);
      expect(xml).toContain(`hreflang="x-default" href="https://example.com${home}"`);
    }
  });

  test("robots.txt names the sitemap by its URL", () => {
    expect(robotsTxt("https://shop.example/sitemap.xml")).toBe(
      "User-agent: *\nAllow: /\n\nSitemap: https://shop.example/sitemap.xml\n",
    );
  });
});
