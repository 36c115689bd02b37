/**
 * Where a `next/link` or a `router.push` goes, as Next.js works it out: a URL
 * string or a URL object (`{ pathname: "/blog/[slug]", query: { slug: "a" } }`),
 * an optional `as`, and a locale. Pure functions of plain values, for the link
 * (its `href` attribute) and the router (its navigation) alike.
 *
 * Paths here are the site's: without the base path, which React Router adds.
 */
import { canonicalPath, urlPathOf, type CanonicalOptions } from "../../routing/canonical-url.ts";
import { domainOfLocale, domainOrigin, type Locale } from "../../routing/locale.ts";
import type { DomainLocale } from "../../routing/site-config.ts";
import { searchOf, searchQuery } from "./query.ts";

/** Next.js's URL object: what `next/link`'s `href` and `router.push` take besides a string. */
export interface UrlObject {
  pathname?: string | null;
  query?: string | Readonly<Record<string, unknown>> | null;
  search?: string | null;
  hash?: string | null;
}

export type Url = string | UrlObject;

/** A URL object as a string, as Next.js formats it: pathname, then `search` or the query, then the hash. */
export function formatUrl(url: Url): string {
  if (typeof url === "string") return url;
  const pathname = url.pathname ?? "";
  const search =
    url.search != null && url.search !== ""
      ? url.search.startsWith("?")
        ? url.search
        : `?${url.search}`
      : typeof url.query === "string"
        ? url.query === ""
          ? ""
          : `?${url.query.replace(/^\?/, "")}`
        : url.query
          ? searchOf(url.query)
          : "";
  const hash = url.hash ? (url.hash.startsWith("#") ? url.hash : `#${url.hash}`) : "";
  return pathname + search + hash;
}

const DYNAMIC_SEGMENT = /^\[(\[)?(\.\.\.)?([^\]]+)\]?\]$/;

/** Whether a path is a route pattern with a dynamic part (`/blog/[slug]`). */
export function isDynamicRoute(path: string): boolean {
  return path.split("/").some((segment) => DYNAMIC_SEGMENT.test(segment));
}

// Only the characters that would end a segment are escaped, as Next.js escapes
// them; the rest is left to the URL (a space becomes %20 when it is parsed).
const escapePathDelimiters = (value: string) => value.replace(/[/#?]/g, encodeURIComponent);

/**
 * A route pattern with its parameters filled in from a query: `/blog/[slug]` and
 * `{ slug: "a/b" }` -> `/blog/a%2Fb`; a catch-all takes an array. Null when a
 * parameter that is not optional is missing. `used`: the query keys it took.
 */
export function interpolateRoute(
  route: string,
  query: Readonly<Record<string, unknown>>,
): { path: string; used: string[] } | null {
  const used: string[] = [];
  const parts: string[] = [];
  for (const segment of route.split("/")) {
    const dynamic = DYNAMIC_SEGMENT.exec(segment);
    if (!dynamic) {
      parts.push(segment);
      continue;
    }
    const optional = dynamic[1] !== undefined;
    const repeat = dynamic[2] !== undefined;
    const name = dynamic[3]!;
    const value = query[name];
    used.push(name);
    if (repeat) {
      const values = Array.isArray(value) ? value : typeof value === "string" ? [value] : [];
      if (values.length === 0) {
        if (optional) continue;
        return null;
      }
      parts.push(values.map((v) => escapePathDelimiters(String(v))).join("/"));
    } else {
      if (typeof value !== "string" || value === "") return null;
      parts.push(escapePathDelimiters(value));
    }
  }
  const path = parts.join("/");
  return { path: path === "" ? "/" : path, used };
}

/** A URL within the site, split: path, search, hash. */
function split(url: string): { path: string; search: string; hash: string } {
  const hashAt = url.indexOf("#");
  const beforeHash = hashAt === -1 ? url : url.slice(0, hashAt);
  const hash = hashAt === -1 ? "" : url.slice(hashAt);
  const queryAt = beforeHash.indexOf("?");
  return queryAt === -1
    ? { path: beforeHash, search: "", hash }
    : { path: beforeHash.slice(0, queryAt), search: beforeHash.slice(queryAt), hash };
}

/** What the router knows of the page it is on, to resolve a link against. */
export interface CurrentPage {
  /** The page's route pattern (`/blog/[slug]`): relative hrefs resolve against it, as in Next.js. */
  readonly pathname: string;
  /** The page's path and query as shown, without locale prefix: hash-only hrefs resolve against it. */
  readonly asPath: string;
}

export interface ResolvedHref {
  /** The page asked for, as the router reads it (a route pattern may stay, its values in the query). */
  readonly href: string;
  /** What the browser shows, without locale prefix: `/blog/hello?x=1#top`. */
  readonly as: string;
}

/**
 * A link's target on this site, as Next.js's `resolveHref` reads it: relative
 * URLs against the current route (hashes against the current path), a route
 * pattern filled in from its query (`as` then shows the path, the parameters
 * left out of its query), `as` taking precedence when given. Null for a URL on
 * another origin, or one no URL parser takes: the link is left to the browser.
 */
export function resolveHref(
  url: Url,
  as: Url | undefined,
  current: CurrentPage,
  origin: string,
): ResolvedHref | null {
  const resolve = (target: Url): { url: URL; interpolated: string | null } | null => {
    const text = withoutRepeatedSlashes(formatUrl(target));
    let parsed: URL;
    try {
      const base = new URL(text.startsWith("#") ? current.asPath : current.pathname, origin);
      parsed = new URL(text, base);
    } catch {
      return null;
    }
    if (parsed.origin !== origin) return null;
    let interpolated: string | null = null;
    let pathname: string;
    try {
      pathname = decodeURIComponent(parsed.pathname);
    } catch {
      pathname = parsed.pathname;
    }
    if (isDynamicRoute(pathname)) {
      const query = searchQuery(parsed.searchParams);
      const filled = interpolateRoute(pathname, query);
      if (filled) {
        const rest = Object.fromEntries(
          Object.entries(query).filter(([key]) => !filled.used.includes(key)),
        );
        interpolated = formatUrl({ pathname: filled.path, query: rest, hash: parsed.hash });
      }
    }
    return { url: parsed, interpolated };
  };
  const main = resolve(url);
  if (main === null) return null;
  const href = main.url.pathname + main.url.search + main.url.hash;
  if (as !== undefined) {
    const shown = resolve(as);
    if (shown === null) return null;
    return { href, as: shown.url.pathname + shown.url.search + shown.url.hash };
  }
  if (main.interpolated !== null) {
    // The browser's reading of the filled-in path: a space as %20.
    const shown = new URL(main.interpolated, origin);
    return { href, as: shown.pathname + shown.search + shown.hash };
  }
  return { href, as: href };
}

// resolveHrefCached's answers, by what they were asked: a page's links are the same at every render.
const resolvedHrefs = new Map<string, ResolvedHref | null>();
const RESOLVED_HREFS_KEPT = 1000;

/**
 * resolveHref, remembered: a link's URL object, or a pattern to fill in, is
 * resolved once per page it is on, not at every render (under load, the same
 * few links are rendered on every request). What cannot be a key (a value
 * JSON does not write) is resolved each time.
 */
export function resolveHrefCached(
  url: Url,
  as: Url | undefined,
  current: CurrentPage,
  origin: string,
): ResolvedHref | null {
  let key: string;
  try {
    key = JSON.stringify([url, as ?? null, current.pathname, current.asPath, origin]);
  } catch {
    return resolveHref(url, as, current, origin);
  }
  let resolved = resolvedHrefs.get(key);
  if (resolved === undefined) {
    if (resolvedHrefs.size >= RESOLVED_HREFS_KEPT) resolvedHrefs.clear();
    resolved = resolveHref(url, as, current, origin);
    resolvedHrefs.set(key, resolved);
  }
  return resolved;
}

/**
 * A URL's path with runs of slashes and backslashes made one slash, as Next.js
 * makes them (it logs the href as invalid, and follows it so): `//evil.example/x`
 * is the path `/evil.example/x` of this site, never another origin.
 */
export function withoutRepeatedSlashes(url: string): string {
  const scheme = /^[a-z][a-z0-9+.-]*:\/\//i.exec(url)?.[0] ?? "";
  const rest = url.slice(scheme.length);
  const queryAt = rest.indexOf("?");
  const path = queryAt === -1 ? rest : rest.slice(0, queryAt);
  if (!/(\/\/|\\)/.test(path)) return url;
  return scheme + path.replace(/\\/g, "/").replace(/\/\/+/g, "/") + rest.slice(path.length);
}

export interface LocaleSettings {
  /** The locale of the page shown; null for a site without `i18n`. */
  readonly locale: string | null;
  readonly defaultLocale: string | null;
  readonly locales: readonly string[];
  /** The locale domain (`i18n.domains`) the page is on; null or absent on any other host. */
  readonly domain?: DomainLocale | null;
}

/**
 * The path the browser shows for `as` in a locale (its prefix, none for the
 * default): `locale` false leaves `as` as written, a locale names one,
 * undefined keeps the page's. A path that starts with the locale's prefix
 * already, or with `/api`, is left as it is, as Next.js leaves it.
 */
export function localizedHref(
  as: string,
  locale: string | false | undefined,
  settings: LocaleSettings,
): string {
  if (locale === false || settings.defaultLocale === null) return as;
  const target = locale ?? settings.locale;
  if (target === null || target === settings.defaultLocale) return as;
  const { path } = split(as);
  const lower = path.toLowerCase();
  const prefixed = (prefix: string) => lower === prefix || lower.startsWith(`${prefix}/`);
  if (prefixed(`/${target.toLowerCase()}`) || prefixed("/api")) return as;
  return path === "/" ? `/${target}${as.slice(1)}` : `/${target}${as}`;
}

/**
 * Where `as` in a locale lives when a locale domain serves that locale, seen
 * from a page on a locale domain, as Next.js's links and router say it: the
 * absolute URL on that domain (the locale unprefixed there if it is its
 * default), and the domain; null elsewhere (a host that is no locale domain,
 * such as a preview, keeps every locale on itself). The locale is the one
 * asked (`locale`), else the page's; `locale: false`, the one `as` names.
 */
export function domainHref(
  as: string,
  locale: string | false | undefined,
  settings: LocaleSettings,
  options: CanonicalOptions,
): { href: string; domain: DomainLocale } | null {
  if (!settings.domain) return null;
  const named = splitLocale(split(as).path, { ...settings, defaultLocale: null }).locale;
  const target = (locale === false ? null : (locale ?? settings.locale)) ?? named;
  if (target === null) return null;
  const domain = domainOfLocale(target as Locale);
  if (domain === null) return null;
  // The path in that locale as that domain serves it: its default unprefixed.
  const local = localizedHref(as, target, { ...settings, defaultLocale: domain.defaultLocale });
  return { href: domainOrigin(domain) + linkHref(local, options), domain };
}

/**
 * The locale a shown path is in and the path without its prefix (`/fr/about`
 * -> fr + `/about`); the default locale when it has none. Locales are matched
 * without regard to case, as Next.js matches them.
 */
export function splitLocale(
  path: string,
  settings: Pick<LocaleSettings, "defaultLocale" | "locales">,
): { locale: string | null; path: string } {
  const end = path.indexOf("/", 1);
  const first = (end === -1 ? path.slice(1) : path.slice(1, end)).toLowerCase();
  const locale = settings.locales.find((l) => l.toLowerCase() === first);
  if (locale === undefined) return { locale: settings.defaultLocale, path };
  return { locale, path: end === -1 ? "/" : path.slice(end) };
}

/**
 * Whether going from one shown URL to another changes its hash alone (a scroll,
 * not a route change), as Next.js tells: the same path and query, and a hash
 * on either side.
 */
export function onlyHashChanges(from: string, to: string): boolean {
  const a = split(from);
  const b = split(to);
  return a.path === b.path && a.search === b.search && (a.hash !== "" || b.hash !== "");
}

/**
 * The `href` a link writes for a shown path (`as`, its locale prefix on): the
 * canonical form of its path (the site's slash style, one slash between
 * segments), under the base path, query and hash as given, so that following
 * it costs no redirect.
 */
export function linkHref(as: string, options: CanonicalOptions): string {
  const { path, search, hash } = split(as);
  return urlPathOf(canonicalPath(path, options), options) + search + hash;
}
