/**
 * The path a middleware's matcher is matched against (matcher.ts), by the
 * server and the browser alike: the base path, then (with i18n) the locale,
 * the default one too, then the page's path. Apart from matcher.ts, so the
 * browser's copy carries no pattern compiler.
 */

export interface MatcherSite {
  readonly basePath: string;
  /** Whether paths carry a locale (i18n configured). */
  readonly i18n: boolean;
}

export function matchedPath(site: MatcherSite, locale: string | null, path: string): string {
  const local =
    site.i18n && locale !== null ? (path === "/" ? `/${locale}` : `/${locale}${path}`) : path;
  return site.basePath + (local === "/" && site.basePath ? "" : local);
}
