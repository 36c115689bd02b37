import { describe, expect, test } from "vitest";
import { listedUrls, missingSibling, sitemapUrls } from "../../e2e/site-urls.ts";
import { sitemapXml } from "../../server/sitemap/sitemap.ts";

describe("the smoke run's URL list", () => {
  test("from a sitemap: each location's path and its alternates' paths, entities undone", () => {
    expect(sitemapUrls(sitemapXml("https://shop.example", ["/q&a"]))).toContainEqual({
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
    // path, the page's <html lang>, the path beside it that should not exist
    ["/about", "en", "/smoke-missing-page"],
    ["/blog/hello%20world", "en", "/blog/smoke-missing-page"],
    ["/fr/blog/hello", "fr", "/fr/blog/smoke-missing-page"],
    ["/de/docs/a/b/", "de", "/de/docs/a/smoke-missing-page/"],
    ["/", "en", "/smoke-missing-page"],
    ["/fr", "fr", "/fr/smoke-missing-page"],
    ["/pt-BR/", "pt-BR", "/pt-BR/smoke-missing-page/"],
    ["/fr", undefined, "/smoke-missing-page"],
    ["/france", "fr", "/smoke-missing-page"],
  ])("beside %s (lang %s): %s, in the page's locale and slash style", (path, lang, missing) => {
    expect(missingSibling(path, lang)).toBe(missing);
  });
});
