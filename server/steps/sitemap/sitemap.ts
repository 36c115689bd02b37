/**
 * `/sitemap.xml` and `/robots.txt`, made from the build: every page of
 * site/pages once per locale, with its `hreflang` alternates. A page with
 * parameters is listed for the paths its module names in `getStaticPaths`, as
 * Next.js asks of a dynamic page to prerender (docs/routing.md, "Sitemap and robots").
 * Pure functions of the pages and their paths; step.ts serves them.
 */
import { localeUrl, type CanonicalOptions } from "../../../app/routing/canonical-url.ts";
import { defaultLocaleOn, domainOfHost, LOCALES } from "../../../app/routing/locale.ts";
import { domainHostOf } from "../../../app/routing/site-config.ts";
import {
  pageParams,
  pagePath,
  PageParamsError,
  type GetStaticPaths,
  type PageRoute,
  type StaticPaths,
  type StaticPathsContext,
} from "../../../app/routing/pages.ts";

export interface SitemapPage {
  readonly page: PageRoute;
  readonly getStaticPaths?: GetStaticPaths;
}

/** A page's parameters: required ones need `getStaticPaths` to be listed. */
const needsParams = (page: PageRoute) =>
  page.segments.some((s) => s.kind === "dynamic" || s.kind === "catch-all");

/**
 * The paths to list, unprefixed and percent-encoded, in the pages' order and
 * then their `getStaticPaths` order, each once. Each `getStaticPaths` is given
 * `context`, as Next.js gives it (`{ locales, defaultLocale }`): a page may
 * destructure it. A path that does not fit its page, or a `getStaticPaths`
 * that throws, rejects naming the page's file.
 */
export async function sitemapPaths(
  pages: readonly SitemapPage[],
  context: StaticPathsContext,
): Promise<string[]> {
  const paths = new Set<string>();
  for (const { page, getStaticPaths } of pages) {
    if (!needsParams(page)) paths.add(pagePath(page, {}));
    if (getStaticPaths === undefined) continue;
    let result: StaticPaths;
    try {
      result = await getStaticPaths(context);
    } catch (error) {
      throw new PageParamsError(page, `getStaticPaths failed: ${(error as Error).message}`);
    }
    if (!Array.isArray(result?.paths)) {
      throw new PageParamsError(page, "getStaticPaths must return { paths: [...] }");
    }
    for (const entry of result.paths) {
      if (typeof entry === "string") {
        if (pageParams(page.pattern, entry) === null || !entry.startsWith("/")) {
          throw new PageParamsError(
            page,
            `${JSON.stringify(entry)} is not a path of ${page.pattern}`,
          );
        }
        paths.add(pagePath(page, pageParams(page.pattern, entry)!));
      } else {
        paths.add(pagePath(page, entry?.params ?? {}));
      }
    }
  }
  return [...paths];
}

const XML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};
const xml = (value: string) => value.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);

/**
 * The sitemap of `paths` at `origin` (`https://example.com`): each path in each
 * locale, at its canonical URL, with every locale's URL and x-default as its
 * alternates when the site has more than one. On a locale domain
 * (`i18n.domains`), a locale another domain serves is that domain's URL: an
 * alternate, listed in that domain's own sitemap.
 */
export function sitemapXml(
  origin: string,
  paths: readonly string[],
  options: CanonicalOptions,
): string {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
  ];
  const host = new URL(origin).host;
  const at = { origin, domain: domainOfHost(host) };
  // A domain's URLs name no port: this host's are those of its name.
  const here = (href: string) => domainHostOf(new URL(href).host) === domainHostOf(host);
  // As the pages name it: the locale served unprefixed here (router.defaultLocale).
  const fallback = defaultLocaleOn(host);
  for (const path of paths) {
    const urls = LOCALES.map((locale) => [locale, localeUrl(locale, path, at, options)] as const);
    const alternates =
      LOCALES.length > 1
        ? [...urls, ["x-default", localeUrl(fallback, path, at, options)] as const].map(
            ([lang, href]) =>
              `<xhtml:link rel="alternate" hreflang="${lang}" href="${xml(href)}"/>`,
          )
        : [];
    for (const [, href] of urls) {
      if (here(href)) lines.push(`<url><loc>${xml(href)}</loc>${alternates.join("")}</url>`);
    }
  }
  lines.push("</urlset>", "");
  return lines.join("\n");
}

/** The robots file a site without its own `public/robots.txt` gets: all allowed, the sitemap named by its URL. */
export function robotsTxt(sitemapUrl: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${sitemapUrl}\n`;
}
