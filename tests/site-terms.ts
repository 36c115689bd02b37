/**
 * A site's URLs in the words the contract tables use, for any site.config.ts:
 * its default locale (unprefixed), two prefixed ones, a language it does not
 * serve, its trailing-slash style and its base path. The Vitest tables
 * (contract-cases.ts) and the browser specs (e2e/site.ts) write their rows with
 * these, so the same rows run against this project's config, the second site's
 * and this one's built under a base path.
 *
 * Written here from the contract's rules, not imported from the app: the
 * tables check the app's own path functions rather than repeat them.
 */
import type { SiteConfig } from "../app/routing/site-config.ts";

export interface SiteTerms {
  /** The default locale, served without a prefix. */
  readonly L0: string;
  /** A prefixed locale (fr on this project's site). */
  readonly L1: string;
  /** Another prefixed locale (de here; L1 again on a site with only one). */
  readonly L2: string;
  /** A language the site does not serve. */
  readonly UNSERVED: string;
  readonly locales: readonly string[];
  readonly trailingSlash: boolean;
  /** The sub-path the site is served under (`/shop`), or "". */
  readonly base: string;
  /**
   * A request path as the tables write it (`/about//`, `/`), below the base
   * path: `/shop/about//`; `/` is the home page in the site's slash style
   * (`/shop` or `/shop/`). Nothing else is changed: for what a sloppy or
   * hostile client sends, and for paths already canonical.
   */
  at(path: string): string;
  /**
   * A URL path of the site without its base path (`/shop/fr/about` -> `/fr/about`,
   * `/shop` -> `/`): how React Router's route-data redirects name a page.
   */
  belowBase(path: string): string;
  /** `path` (written without a trailing slash, maybe with a query) as the site writes it, base path included. */
  canonical(path: string): string;
  /** The canonical URL of the unprefixed `path` in `locale`: `/about` in fr -> `/fr/about`. */
  pathIn(locale: string, path: string): string;
  /** The URL of the route data of the canonical page `path`, as React Router asks for it. */
  dataPath(path: string): string;
}

function splitQuery(path: string): [string, string] {
  const at = path.search(/[?#]/);
  return at === -1 ? [path, ""] : [path.slice(0, at), path.slice(at)];
}

export function siteTerms(site: SiteConfig): SiteTerms {
  const { locales, defaultLocale } = site.i18n;
  const prefixed = locales.filter((locale) => locale !== defaultLocale);
  if (prefixed.length === 0) {
    throw new Error("the contract tables need a site.config.ts with a locale besides the default");
  }
  const base = site.basePath;
  const at = (path: string): string => {
    if (base === "") return path;
    const [pathname, rest] = splitQuery(path);
    if (pathname !== "/") return base + path;
    return (site.trailingSlash ? `${base}/` : base) + rest;
  };
  const canonical = (path: string): string => {
    if (!site.trailingSlash) return at(path);
    const [pathname, rest] = splitQuery(path);
    return pathname.endsWith("/") ? at(path) : at(`${pathname}/${rest}`);
  };
  return {
    L0: defaultLocale,
    L1: prefixed[0]!,
    L2: prefixed.at(-1)!,
    UNSERVED: ["es", "it", "pt", "nl"].find((tag) => !locales.includes(tag))!,
    locales,
    trailingSlash: site.trailingSlash,
    base,
    at,
    belowBase: (path) => {
      if (base === "" || !path.startsWith(base)) return path;
      const rest = path.slice(base.length);
      return rest.startsWith("/") ? rest : `/${rest}`;
    },
    canonical,
    pathIn: (locale, path) =>
      canonical(
        locale === defaultLocale ? path : path === "/" ? `/${locale}` : `/${locale}${path}`,
      ),
    dataPath(path) {
      const [pathname, query] = splitQuery(path);
      return `${pathname.endsWith("/") ? `${pathname}_.data` : `${pathname}.data`}${query}`;
    },
  };
}
