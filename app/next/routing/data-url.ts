/**
 * Where a Next.js page's data lives: `/_next/data/<buildId>/<locale>/<path>.json`,
 * the URL Next.js's client fetches on a navigation, and the shell's client too.
 * The build id in the path binds the data to the build that rendered the page:
 * a tab of another build asks for a URL this build does not serve (404), and
 * its client loads the page as a document instead.
 *
 * Pure functions of plain values: the server's data step parses these URLs, the
 * browser's page loader makes them, so the rule lives in one place.
 */

export const NEXT_DATA_PREFIX = "/_next/data/";

/**
 * The header of a data request's answer that says "load this page as a
 * document": the site's middleware rewrote the click's target to another page,
 * redirected it, or answered it itself (server/steps/middleware/).
 */
export const LOAD_DOCUMENT_HEADER = "X-Load-Document";

/**
 * The header of a page's data answer that says "the site's middleware
 * redirected this page to that URL of the site" (its path, base path
 * included): the browser follows it in the page, as Next.js's client does
 * (app/next/page/client.tsx). A redirect elsewhere loads as a document.
 */
export const MIDDLEWARE_REDIRECT_HEADER = "x-nextjs-redirect";

/**
 * The header of a page's data answer that says "the site's middleware rewrote
 * this page to that path of the site" (base path included): the browser shows
 * that page under the URL asked for, as Next.js's client does.
 */
export const MIDDLEWARE_REWRITE_HEADER = "x-nextjs-rewrite";

/** The page `/` as a file name: `index`, as Next.js names it (`/index` itself is `/index/index`). */
function assetPathOf(path: string): string {
  if (path === "/") return "/index";
  return /^\/index(\/|$)/.test(path) ? `/index${path}` : path;
}

/** The inverse of `assetPathOf`: `/index` -> `/`, `/index/index` -> `/index`. */
function pathOfAsset(asset: string): string {
  if (asset === "/index") return "/";
  return asset.startsWith("/index/") ? asset.slice("/index".length) : asset;
}

export interface NextDataTarget {
  readonly buildId: string;
  /** The locale segment; null for a site without `i18n`. */
  readonly locale: string | null;
  /** The page's path, without its locale prefix: `/`, `/blog/hello%20world` (still encoded). */
  readonly path: string;
}

/**
 * The data URL of a page (below the base path, which the caller adds), its
 * query as given (`?x=1`, or ""): `/` in `en` -> `/_next/data/<id>/en.json`,
 * `/about` -> `/_next/data/<id>/en/about.json`; without i18n, `/` ->
 * `/_next/data/<id>/index.json`. A trailing slash is not part of it.
 */
export function nextDataPath({ buildId, locale, path }: NextDataTarget, search = ""): string {
  const trimmed = path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path;
  const localized =
    locale === null ? trimmed : trimmed === "/" ? `/${locale}` : `/${locale}${trimmed}`;
  const file = locale === null ? assetPathOf(localized) : localized;
  return `${NEXT_DATA_PREFIX}${buildId}${file}.json${search}`;
}

/**
 * What a data URL asks for (`rawPath` without the base path and the query), or
 * null when it is no data URL or holds no page: no build id, no `.json`, an
 * empty or `..` segment, or, with locales, a first segment that names none of
 * them (Next.js answers those 404 too).
 */
export function parseNextDataPath(
  rawPath: string,
  locales: readonly string[] | null,
): NextDataTarget | null {
  if (!rawPath.startsWith(NEXT_DATA_PREFIX) || !rawPath.endsWith(".json")) return null;
  const rest = rawPath.slice(NEXT_DATA_PREFIX.length, -".json".length);
  const slash = rest.indexOf("/");
  if (slash <= 0) return null;
  const buildId = rest.slice(0, slash);
  const segments = rest.slice(slash + 1).split("/");
  if (segments.some((segment) => segment === "" || segment === "." || segment === "..")) {
    return null;
  }
  if (locales === null) {
    return { buildId, locale: null, path: pathOfAsset(`/${segments.join("/")}`) };
  }
  const [locale, ...path] = segments;
  if (!locales.includes(locale!)) return null;
  return { buildId, locale: locale!, path: path.length === 0 ? "/" : `/${path.join("/")}` };
}

/**
 * Whether a data URL's answer is a page's own "not found" (`{ "notFound": true }`,
 * as Next.js's server sends it), rather than a 404 of no page or of another
 * build. Reads the body: pass a clone to keep it.
 */
export async function isNotFoundData(response: Response): Promise<boolean> {
  try {
    return (JSON.parse(await response.text()) as { notFound?: unknown }).notFound === true;
  } catch {
    return false;
  }
}
