/**
 * The pages a build renders once (getStaticProps, or no data function at all)
 * and the URLs of each, every locale's: what `next build` prerenders, and what
 * check.ts renders at the end of `npm run build`.
 */
import type { ServerBuild } from "react-router";
import { canonicalHref, type CanonicalOptions } from "../../app/routing/canonical-url.ts";
import { localeFieldsOf, LOCALES, DEFAULT_LOCALE, PAGE_LOCALES } from "../../app/routing/locale.ts";
import { renderOnceRouteIds } from "../pages/render-once.ts";
import { sitemapPagesOf } from "../steps/sitemap/step.ts";
import { sitemapPaths } from "../steps/sitemap/sitemap.ts";

export interface StaticPageTarget {
  /** The URL's path and locale prefix, as a visitor asks for it. */
  readonly target: string;
  /** The page's file in the pages folder. */
  readonly file: string;
  /** Its locale (null without i18n) and its path without the locale prefix. */
  readonly locale: string | null;
  readonly path: string;
}

/**
 * Each URL of each page rendered once, in the pages' order: a page without
 * parameters once per locale, a dynamic one for each path its getStaticPaths
 * lists (given `{ locales, defaultLocale }`, as Next.js gives it). Rejects,
 * naming the page, when a getStaticPaths fails.
 */
export async function staticPageTargets(
  build: Pick<ServerBuild, "routes">,
  options: CanonicalOptions,
): Promise<StaticPageTarget[]> {
  const once = new Set(renderOnceRouteIds(build.routes));
  const routes = Object.fromEntries(Object.entries(build.routes).filter(([id]) => once.has(id)));
  const pages = new Map(sitemapPagesOf({ routes }).map((entry) => [entry.page.file, entry]));
  const context = localeFieldsOf(null, PAGE_LOCALES);
  const locales = PAGE_LOCALES.locales === null ? [DEFAULT_LOCALE] : LOCALES;
  const targets = new Map<string, StaticPageTarget>();
  for (const entry of pages.values()) {
    for (const path of await sitemapPaths([entry], context)) {
      for (const locale of locales) {
        const target = canonicalHref(locale, path, options);
        if (!targets.has(target)) {
          targets.set(target, {
            target,
            file: entry.page.file,
            locale: PAGE_LOCALES.locales === null ? null : locale,
            path,
          });
        }
      }
    }
  }
  return [...targets.values()];
}
