import { describe, expect, test } from "vitest";
import {
  basePathOf,
  belowBase,
  doubledSlash,
  listedUrls,
  missingSibling,
  sitemapUrls,
  usesTrailingSlash,
} from "../../e2e/site-urls.ts";
import { sitemapXml } from "../../server/steps/sitemap/sitemap.ts";

describe("the smoke run's URL list", () => {
  test("from a sitemap: each location's path and its alternates' paths, entities undone", () => {
    expect(
      sitemapUrls(
        sitemapXml("https://shop.example", ["/q&a"], { trailingSlash: "never", basePath: "" }),
      ),
    ).toContainEqual({
      path: "/fr/q&a",
      alternates: { en: "/q&a", fr: "/fr/q&a", de: "/de/q&a", "x-default": "/q&a" },
    });
  });

  test("from another generator's sitemap: whitespace, other attribute order, no alternates", () => {
    const xml = `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
      <url>
        <loc> https://example.com/blog/hello%20world </loc>
        <lastmod>2026-01-01</lastmod>
      </url>
      <url><loc>https://example.com/</loc><xhtml:link href="https://example.com/de" hreflang="de" rel="alternate"/></url>
    </urlset>`;
    expect(sitemapUrls(xml)).toEqual([
      { path: "/blog/hello%20world", alternates: {} },
      { path: "/", alternates: { de: "/de" } },
    ]);
  });

  test("from a --urls file: paths or URLs, comments and blank lines skipped", () => {
    expect(listedUrls("# old site\n/about\n\nhttps://example.com/fr/a%20b?x=1  # kept\n")).toEqual([
      { path: "/about", alternates: {} },
      { path: "/fr/a%20b", alternates: {} },
    ]);
  });

  test.each([
    // path, the page's <html lang>, the site's slash style, the path beside it that should not exist
    ["/about", "en", false, "/smoke-missing-page"],
    ["/blog/hello%20world", "en", false, "/blog/smoke-missing-page"],
    ["/fr/blog/hello", "fr", false, "/fr/blog/smoke-missing-page"],
    ["/de/docs/a/b/", "de", true, "/de/docs/a/smoke-missing-page/"],
    ["/", "en", false, "/smoke-missing-page"],
    ["/", "es", true, "/smoke-missing-page/"],
    ["/fr", "fr", false, "/fr/smoke-missing-page"],
    ["/pt-BR/", "pt-BR", true, "/pt-BR/smoke-missing-page/"],
    ["/fr", undefined, false, "/smoke-missing-page"],
    ["/france", "fr", false, "/smoke-missing-page"],
  ])("beside %s (lang %s, trailing slash %s): %s", (path, lang, trailingSlash, missing) => {
    expect(missingSibling(path, lang, trailingSlash)).toBe(missing);
  });

  test("a site's slash style, from its pages' paths", () => {
    const urls = (...paths: string[]) => paths.map((path) => ({ path, alternates: {} }));
    expect(usesTrailingSlash(urls("/", "/about/", "/de/"))).toBe(true);
    expect(usesTrailingSlash(urls("/", "/about", "/de"))).toBe(false);
    expect(usesTrailingSlash(urls("/"))).toBe(false);
  });

  test("a site under a base path: its path, and the variants the smoke run asks for, below it", () => {
    expect(basePathOf("https://example.com/shop/")).toBe("/shop");
    expect(basePathOf("https://example.com")).toBe("");
    expect(belowBase("/shop/fr/about", "/shop")).toBe("/fr/about");
    expect(belowBase("/shop", "/shop")).toBe("/");
    expect(belowBase("/shopping", "/shop")).toBe("/shopping");
    expect(missingSibling("/shop", "en", false, "/shop")).toBe("/shop/smoke-missing-page");
    expect(missingSibling("/shop/fr/", "fr", true, "/shop")).toBe("/shop/fr/smoke-missing-page/");
    expect(missingSibling("/shop/blog/a", "en", false, "/shop")).toBe(
      "/shop/blog/smoke-missing-page",
    );
    expect(doubledSlash("/shop", "/shop")).toBe("/shop//");
    expect(doubledSlash("/shop/", "/shop")).toBe("/shop//");
    expect(doubledSlash("/", "")).toBe("//");
    expect(doubledSlash("/shop/fr/about", "/shop")).toBe("/shop/fr//about");
    expect(doubledSlash("/about/", "")).toBe("//about/");
  });
});
