/**
 * The canonical form of a URL path: one slash between segments, the configured
 * trailing-slash style, a lower-case locale prefix. Pure and isomorphic: the
 * server's redirect step, the route middleware (for client navigations) and the
 * app's own links all ask this module, so none of them invents its own rule.
 */
import site from "../../site.config.ts";
import { stripBasePath, withBasePath } from "./base-path.ts";
import { localeHome, localeOfSegment, localizedPath, type Locale } from "./locale.ts";
import type { DomainLocale } from "./site-config.ts";

export const TRAILING_SLASH_MODES = ["never", "always"] as const;
export type TrailingSlash = (typeof TRAILING_SLASH_MODES)[number];

/** The site's style, from site.config.ts (`trailingSlash: true` is "always"). */
export const TRAILING_SLASH: TrailingSlash = site.trailingSlash ? "always" : "never";

export interface CanonicalOptions {
  trailingSlash: TrailingSlash;
  /** The sub-path the site is served under (`/shop`), or "" (app/routing/base-path.ts). */
  basePath: string;
}

// Same test as Next.js uses for "this path is a file": a last segment with an extension.
const FILE_LIKE_SEGMENT = /\.\w+$/;
const DOT_SEGMENT = /^(\.|%2e)$/i;
const DOT_DOT_SEGMENT = /^(\.|%2e){2}$/i;

/**
 * A path `canonicalPath` needs only to recase and slash: segments after one `/`
 * each, none empty, none `.` or `..` (or their escapes), no `\`; maybe a final `/`.
 */
const PLAIN_PATH = /^(?:\/(?!(?:\.|%2e){1,2}(?:\/|$))[^/\\]+)+\/?$/i;

/**
 * The canonical form of a raw (still percent-encoded) request path.
 *
 * - `\` counts as `/` (as browsers parse it) and runs of slashes collapse to one;
 * - `.` and `..` segments (also percent-encoded) are resolved, never above the root;
 * - a locale prefix in another case is written as the config writes it
 *   (`/FR/about` -> `/fr/about`, `/pt-br/about` -> `/pt-BR/about`);
 * - `never`: no trailing slash; `always`: a trailing slash unless the last segment
 *   looks like a file (`/robots.txt`); the root `/` is left alone.
 *
 * The result always starts with exactly one `/` followed by a segment or nothing,
 * so as a `Location` it can never name another host (`//evil.example`, `/\evil.example`).
 */
export function canonicalPath(
  rawPath: string,
  { trailingSlash }: Pick<CanonicalOptions, "trailingSlash">,
): string {
  // Most paths (every link's, on every render) have nothing to resolve.
  if (rawPath === "/") return "/";
  if (!PLAIN_PATH.test(rawPath)) return resolvedPath(rawPath, trailingSlash);
  let path = rawPath.endsWith("/") ? rawPath.slice(0, -1) : rawPath;
  const firstEnd = path.indexOf("/", 1);
  const first = firstEnd === -1 ? path.slice(1) : path.slice(1, firstEnd);
  const locale = localeOfSegment(first);
  if (locale !== null && locale !== first) {
    path = `/${locale}${firstEnd === -1 ? "" : path.slice(firstEnd)}`;
  }
  return inSlashStyle(path, path.slice(path.lastIndexOf("/") + 1), trailingSlash);
}

/** `path`, without a trailing slash, in the site's style: `always` adds one unless `last` looks like a file. */
function inSlashStyle(
  path: string,
  last: string,
  trailingSlash: CanonicalOptions["trailingSlash"],
): string {
  return trailingSlash === "always" && !FILE_LIKE_SEGMENT.test(last) ? `${path}/` : path;
}

/** `canonicalPath` of any path: split, resolved and joined again. */
function resolvedPath(rawPath: string, trailingSlash: CanonicalOptions["trailingSlash"]): string {
  const segments: string[] = [];
  for (const segment of rawPath.split(/[/\\]/)) {
    if (segment === "" || DOT_SEGMENT.test(segment)) continue;
    if (DOT_DOT_SEGMENT.test(segment)) segments.pop();
    else segments.push(segment);
  }
  if (segments.length === 0) return "/";

  const locale = localeOfSegment(segments[0]!);
  if (locale) segments[0] = locale;

  return inSlashStyle(`/${segments.join("/")}`, segments.at(-1)!, trailingSlash);
}

/**
 * The canonical form of a raw request path as the site serves it: below the
 * base path (app/routing/base-path.ts), the home page in the site's slash style
 * (`/shop`, or `/shop/`). Null for a path outside the base path.
 */
export function canonicalUrlPath(rawPath: string, options: CanonicalOptions): string | null {
  const inner = stripBasePath(rawPath, options.basePath);
  if (inner === null) return null;
  return urlPathOf(canonicalPath(inner, options), options);
}

/** A canonical path of the app (query allowed) as the site serves it: with its base path. */
export function urlPathOf(appPath: string, options: CanonicalOptions): string {
  return withBasePath(appPath, options.basePath, options.trailingSlash === "always");
}

/**
 * Where to permanently redirect a request, or null when its path is canonical
 * (or outside the base path: the not-found page's). `rawSearch` is the query
 * as received, `?` included; it is kept byte for byte.
 */
export function canonicalRedirect(
  rawPath: string,
  rawSearch: string,
  options: CanonicalOptions,
): string | null {
  const canonical = canonicalUrlPath(rawPath, options);
  return canonical === null || canonical === rawPath ? null : canonical + rawSearch;
}

/**
 * The canonical href of an unprefixed app path in a locale, base path
 * included: what links point to (`/about` in fr -> `/shop/fr/about`); on a
 * host whose default locale is another, with that one unprefixed.
 */
export function canonicalHref(
  locale: Locale,
  path: string,
  options: CanonicalOptions,
  defaultLocale?: Locale,
): string {
  return urlPathOf(canonicalPath(localizedPath(locale, path, defaultLocale), options), options);
}

/**
 * The absolute URL of an unprefixed app path in a locale, for a page at
 * `origin` on `domain` (its locale domain, or null): on the locale's own
 * domain when the site has locale domains and the page is on one, else on
 * `origin`. What canonical, `hreflang` and sitemap links say.
 */
export function localeUrl(
  locale: Locale,
  path: string,
  at: { readonly origin: string; readonly domain: DomainLocale<Locale> | null },
  options: CanonicalOptions,
): string {
  const home = localeHome(locale, at.domain);
  return (home.origin || at.origin) + canonicalHref(locale, path, options, home.defaultLocale);
}

/** Where Vite writes the client build's own files, each named by its content's hash. */
export const BUILD_FILES_PREFIX = "/assets/";

/**
 * Requests the React Router client or the platform makes on its own: route data
 * (`*.data`, and a Next.js page's `/_next/data/...`), the route manifest, hashed
 * assets and health probes. They are never
 * redirected: React Router's client cannot follow a plain 3xx on a data request.
 * `appPath` is the path below the base path; the probes are at the root.
 */
export function isInternalPath(appPath: string): boolean {
  return (
    appPath.endsWith(".data") ||
    appPath.startsWith("/_next/data/") ||
    appPath === "/__manifest" ||
    appPath.startsWith(BUILD_FILES_PREFIX) ||
    appPath === "/healthz" ||
    appPath === "/readyz"
  );
}
