/**
 * Which locale a request is in, and which one a visitor prefers.
 * Pure functions of plain values: the server pipeline, the route loaders and
 * the browser all call these, so the rules live in exactly one place.
 */

import site from "../../site.config.ts";
import { domainHostOf, type DomainLocale } from "./site-config.ts";

/** The locales served, from site.config.ts (`i18n.locales`). */
export const LOCALES = site.i18n.locales;
export type Locale = (typeof LOCALES)[number];

/** The default locale is served without a path prefix: `/about` is English. */
export const DEFAULT_LOCALE: Locale = site.i18n.defaultLocale;

/**
 * Whether locales are path prefixes: the site has `i18n`. Without it, no path
 * segment is a locale and pages are told of none (site-config.ts).
 */
export const LOCALE_PREFIXES: boolean = site.i18n.prefixes;

/** The site's locale domains (`i18n.domains`), in the config's order; empty for none. */
export const LOCALE_DOMAINS = site.i18n.domains as readonly DomainLocale<Locale>[];

/**
 * The domain a request's host is (`example.fr`, `EXAMPLE.fr:8443`: any port,
 * any case), or null: a host no domain names, or a site without domains.
 */
export function domainOfHost<L extends string = Locale>(
  host: string | null | undefined,
  domains: readonly DomainLocale<L>[] = LOCALE_DOMAINS as unknown as readonly DomainLocale<L>[],
): DomainLocale<L> | null {
  if (domains.length === 0 || !host) return null;
  const name = domainHostOf(host);
  return domains.find((domain) => domainHostOf(domain.domain) === name) ?? null;
}

/**
 * The domain that serves `locale`: the first, in the config's order, whose
 * default it is or which lists it (as Next.js picks it), or null.
 */
export function domainOfLocale(
  locale: Locale,
  domains: readonly DomainLocale<Locale>[] = LOCALE_DOMAINS,
): DomainLocale<Locale> | null {
  return (
    domains.find(
      (domain) => domain.defaultLocale === locale || (domain.locales ?? []).includes(locale),
    ) ?? null
  );
}

/**
 * The locale served unprefixed on a host: its domain's default, else the
 * site's (`i18n.defaultLocale`). Every rule that reads a path's locale asks
 * with it; on a site without domains it is always the site's.
 */
export function defaultLocaleOn(host: string | null | undefined): Locale {
  return domainOfHost(host)?.defaultLocale ?? DEFAULT_LOCALE;
}

/** The origin a domain is reached at: `https://example.fr` (`http:` when it says so). */
export function domainOrigin(domain: DomainLocale): string {
  return `${domain.http ? "http" : "https"}://${domain.domain.toLowerCase()}`;
}

/**
 * Where a page of `locale` lives, seen from a host on `current` (its domain,
 * or null): on another domain when `locale` has one and the host is a domain
 * itself (as Next.js's links: a host that is none, such as a preview, keeps
 * every locale on itself), `origin` "" for this host. `defaultLocale` is the
 * one served unprefixed there.
 */
export function localeHome(
  locale: Locale,
  current: DomainLocale<Locale> | null,
  domains: readonly DomainLocale<Locale>[] = LOCALE_DOMAINS,
): { origin: string; defaultLocale: Locale } {
  const domain = current === null ? null : domainOfLocale(locale, domains);
  if (domain === null)
    return { origin: "", defaultLocale: current?.defaultLocale ?? DEFAULT_LOCALE };
  return { origin: domainOrigin(domain), defaultLocale: domain.defaultLocale };
}

/** A site's locales as a Next.js page is told of them; null for none. */
export interface PageLocales {
  readonly locales: readonly string[] | null;
  readonly defaultLocale: string | null;
}

/** The locales as a Next.js page is told of them (`router.locales`): none without `i18n`. */
export const PAGE_LOCALES: PageLocales = LOCALE_PREFIXES
  ? { locales: LOCALES, defaultLocale: DEFAULT_LOCALE }
  : { locales: null, defaultLocale: null };

/** The locale a Next.js page is told it is in (`router.locale`): none without `i18n`. */
export function pageLocaleOf<L extends string>(locale: L): L | null {
  return LOCALE_PREFIXES ? locale : null;
}

/** The locale fields of a data function's or `getInitialProps`' context, as Next.js gives them. */
export function localeFieldsOf(locale: string | null, { locales, defaultLocale }: PageLocales) {
  return {
    locale: locale ?? undefined,
    locales: locales ?? undefined,
    defaultLocale: defaultLocale ?? undefined,
  };
}

/** The locales as a page on a host whose default is `defaultLocale` is told of them. */
export function pageLocalesOn(defaultLocale: Locale): PageLocales {
  return defaultLocale === DEFAULT_LOCALE || !LOCALE_PREFIXES
    ? PAGE_LOCALES
    : { locales: LOCALES, defaultLocale };
}

/**
 * The locale fields of a Next.js page's router in `locale` (on a host whose
 * default is `defaultLocale`): undefined without `i18n`, as in Next.js.
 */
export function pageLocaleFields(locale: Locale, defaultLocale: Locale = DEFAULT_LOCALE) {
  const fields = localeFieldsOf(pageLocaleOf(locale), pageLocalesOn(defaultLocale));
  // The router's list is the page's own to change, as Next.js's is.
  return { ...fields, locales: fields.locales && [...fields.locales] };
}

/** Whether `/` sends a visitor to the prefix of their language (`i18n.localeDetection`). */
export const LOCALE_DETECTION: boolean = site.i18n.localeDetection;

/** The cookie the language switcher sets; it wins over `Accept-Language`. */
export const LOCALE_COOKIE = "locale";
export const LOCALE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

// Each locale by its lower-case form: a prefix, a cookie or a language tag names it in any case.
const LOCALE_BY_LOWER_CASE = new Map<string, Locale>(
  LOCALES.map((locale) => [locale.toLowerCase(), locale]),
);

/**
 * The locale a path segment names, ignoring case, as the config writes it
 * (`FR` -> `fr`, `pt-br` -> `pt-BR`), or null; always null without `i18n`.
 */
export function localeOfSegment(segment: string): Locale | null {
  return LOCALE_PREFIXES ? localeOfTag(segment) : null;
}

/** The locale a cookie or a language tag names, ignoring case, or null. */
function localeOfTag(tag: string): Locale | null {
  return LOCALE_BY_LOWER_CASE.get(tag.toLowerCase()) ?? null;
}

export interface LocalePath {
  /** The locale the path is served in. */
  locale: Locale;
  /** The prefix as written in the path, or null for an unprefixed path. */
  prefix: Locale | null;
  /** The path without its locale prefix, always starting with `/`. */
  path: string;
}

/**
 * Splits a canonical path into its locale and the rest:
 * `/fr/about` -> fr + `/about`; `/about` -> en (unprefixed); `/xx/about` -> en + `/xx/about`
 * (an unknown prefix is just part of an unknown path).
 */
export function splitLocalePath(
  pathname: string,
  defaultLocale: Locale = DEFAULT_LOCALE,
): LocalePath {
  const end = pathname.indexOf("/", 1);
  const first = end === -1 ? pathname.slice(1) : pathname.slice(1, end);
  if (LOCALE_PREFIXES && isLocale(first)) {
    return { locale: first, prefix: first, path: end === -1 ? "/" : pathname.slice(end) };
  }
  return { locale: defaultLocale, prefix: null, path: pathname };
}

/**
 * A path as Next.js's matchers read it, before any redirect made it canonical:
 * its locale prefix in any case (`/PT-br/a` -> pt-BR + `/a`; `/en/a`, the
 * default's, -> en + `/a`), an unprefixed path in the default locale; the
 * locale null without i18n, where no segment is one.
 */
export function localeAndPathOf(
  pathname: string,
  defaultLocale: Locale = DEFAULT_LOCALE,
): { locale: Locale | null; path: string } {
  if (!LOCALE_PREFIXES) return { locale: null, path: pathname };
  const end = pathname.indexOf("/", 1);
  const named = localeOfSegment(end === -1 ? pathname.slice(1) : pathname.slice(1, end));
  if (named === null) return { locale: defaultLocale, path: pathname };
  return { locale: named, path: end === -1 ? "/" : pathname.slice(end) };
}

/**
 * The path of `path` (unprefixed, starting with `/`) in `locale`: `/about` in
 * fr -> `/fr/about`; unprefixed in the host's `defaultLocale`.
 */
export function localizedPath(
  locale: Locale,
  path: string,
  defaultLocale: Locale = DEFAULT_LOCALE,
): string {
  if (locale === defaultLocale) return path;
  return path === "/" ? `/${locale}` : `/${locale}${path}`;
}

interface LanguageRange {
  tag: string;
  q: number;
}

/** The q-value of a range's parameters: 1 when absent, null when malformed (q=2, q=abc). */
function qualityOf(params: string[]): number | null {
  let q = 1;
  for (const param of params) {
    const [name = "", value = ""] = param.split("=", 2).map((part) => part.trim());
    if (name.toLowerCase() !== "q") continue;
    if (!/^(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(value)) return null;
    q = Number(value);
  }
  return q;
}

/**
 * Parses an `Accept-Language` header (RFC 9110 §12.5.4) into ranges, best first.
 * Malformed entries (a bad tag or q-value) are skipped rather than rejected: browsers send odd headers,
 * and a wrong guess at a language is better than an error page.
 */
export function parseAcceptLanguage(header: string | null | undefined): LanguageRange[] {
  if (!header) return [];
  const ranges: LanguageRange[] = [];
  // Bounded: a hostile header cannot make us sort thousands of entries.
  for (const part of header.split(",", 32)) {
    const [rawTag = "", ...params] = part.split(";");
    const tag = rawTag.trim().toLowerCase();
    if (!/^(\*|[a-z]{1,8}(-[a-z0-9]{1,8})*)$/.test(tag)) continue;
    const q = qualityOf(params);
    if (q !== null && q > 0) ranges.push({ tag, q });
  }
  // Array.prototype.sort is stable, so equal q keeps the header's order.
  return ranges.sort((a, b) => b.q - a.q);
}

/**
 * The supported locale that best matches `Accept-Language`, in q order: the tag
 * itself, ignoring case (`pt-br` -> `pt-BR`), else the tag with its last subtags
 * dropped one by one (RFC 4647's lookup: `pt-BR-x` -> `pt-BR`, `fr-CA` -> `fr`);
 * `*` or no match -> the default.
 */
export function negotiateLocale(acceptLanguage: string | null | undefined): Locale {
  return acceptedLocale(acceptLanguage) ?? DEFAULT_LOCALE;
}

/** As `negotiateLocale`, but null when the header names none of the locales (or says `*` first). */
function acceptedLocale(acceptLanguage: string | null | undefined): Locale | null {
  for (const { tag } of parseAcceptLanguage(acceptLanguage)) {
    if (tag === "*") return null;
    for (
      let range = tag;
      range !== "";
      range = range.slice(0, Math.max(0, range.lastIndexOf("-")))
    ) {
      const locale = localeOfTag(range);
      if (locale !== null) return locale;
    }
  }
  return null;
}

/** The locale remembered in the `locale` cookie (in any case), or null when absent or not a locale we serve. */
export function localeFromCookie(cookieHeader: string | null | undefined): Locale | null {
  if (!cookieHeader) return null;
  for (const pair of cookieHeader.split(";")) {
    const eq = pair.indexOf("=");
    if (eq === -1 || pair.slice(0, eq).trim() !== LOCALE_COOKIE) continue;
    const value = pair
      .slice(eq + 1)
      .trim()
      .replace(/^"(.*)"$/, "$1");
    return localeOfTag(value);
  }
  return null;
}

export interface LocaleSignals {
  cookie: string | null | undefined;
  acceptLanguage: string | null | undefined;
}

/** A remembered choice wins; otherwise the browser's languages decide. */
export function preferredLocale({ cookie, acceptLanguage }: LocaleSignals): Locale {
  return localeFromCookie(cookie) ?? negotiateLocale(acceptLanguage);
}

/** Where locale detection sends a visitor: a locale, at an origin ("" for this host) whose default is `defaultLocale`. */
export interface DetectedLocale {
  readonly locale: Locale;
  readonly origin: string;
  readonly defaultLocale: Locale;
}

/**
 * Locale detection, which happens only on the root path: where to send the
 * visitor, or null to serve `/` as it is. On a host that is one of the
 * site's domains, as in Next.js, the domain's default locale is the answer
 * unless the browser's languages (not the cookie) name a locale of another
 * domain, or a locale of this one other than its default: then that locale's
 * home, on its domain.
 */
export function detectedLocale(
  pathname: string,
  signals: LocaleSignals,
  host?: string | null,
  domains: readonly DomainLocale<Locale>[] = LOCALE_DOMAINS,
): DetectedLocale | null {
  if (!LOCALE_DETECTION || pathname !== "/") return null;
  const domain = domainOfHost(host, domains);
  if (domain === null) {
    const locale = preferredLocale(signals);
    return locale === DEFAULT_LOCALE ? null : { locale, origin: "", defaultLocale: DEFAULT_LOCALE };
  }
  const accepted = acceptedLocale(signals.acceptLanguage);
  const home = accepted === null ? null : domainOfLocale(accepted, domains);
  if (accepted === null || home === null) return null;
  if (home === domain && accepted === domain.defaultLocale) return null;
  return { locale: accepted, origin: domainOrigin(home), defaultLocale: home.defaultLocale };
}

/**
 * The `Set-Cookie`/`document.cookie` value that remembers a chosen locale, for
 * the site's pages only (its base path, or `/`); `Secure` on a page served over HTTPS.
 */
export function localeCookie(locale: Locale, secure: boolean, basePath: string): string {
  const path = basePath === "" ? "/" : basePath;
  const cookie = `${LOCALE_COOKIE}=${locale}; Path=${path}; Max-Age=${LOCALE_COOKIE_MAX_AGE_S}; SameSite=Lax`;
  return secure ? `${cookie}; Secure` : cookie;
}
