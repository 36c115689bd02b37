/**
 * The page a request is for, as the steps that act for a page see it (the
 * site's middleware, its rewrites): a document's path, or the page whose data
 * a data request (`*.data`, `/_next/data/...`) asks for; and how such a data
 * request is told to load its page as a document instead.
 */
import { documentPathOfDataRequest } from "../../app/routing/build-binding.ts";
import { canonicalPath, type CanonicalOptions } from "../../app/routing/canonical-url.ts";
import {
  DEFAULT_LOCALE,
  defaultLocaleOn,
  LOCALE_PREFIXES,
  LOCALES,
  localeAndPathOf,
  localizedPath,
  type Locale,
} from "../../app/routing/locale.ts";
import {
  LOAD_DOCUMENT_HEADER,
  MIDDLEWARE_REDIRECT_HEADER,
  MIDDLEWARE_REWRITE_HEADER,
  NEXT_DATA_PREFIX,
  nextDataPath,
  parseNextDataPath,
} from "../../app/next/routing/data-url.ts";
import { rewriteExchange, type Exchange } from "./exchange.ts";

/** The page a request is for: a document's, or the one whose data a data request asks for. */
export interface PageOf {
  /** Below the base path, with its locale prefix if it has one, percent-encoded. */
  readonly path: string;
  readonly search: string;
  /** Null for a document, or the kind of data request. */
  readonly data: "route-data" | "next-data" | null;
}

export function pageOf(exchange: Exchange, buildId: string, urls: CanonicalOptions): PageOf | null {
  const { path, rawSearch } = exchange;
  if (path === null) return null;
  if (path.startsWith(NEXT_DATA_PREFIX)) {
    const target = parseNextDataPath(path, LOCALE_PREFIXES ? LOCALES : null);
    // Another build's data URL goes on to its 404: no page's.
    if (target === null || target.buildId !== buildId) return null;
    // parseNextDataPath took only the site's locales.
    const locale = (target.locale ?? DEFAULT_LOCALE) as Locale;
    // The page's own URL, as a document request would have it on this host: in
    // the site's slash style (`/about/` with `trailingSlash: true`), as Next.js gives it.
    const here = defaultLocaleOn(exchange.origin?.host);
    const page = canonicalPath(localizedPath(locale, target.path, here), urls);
    return { path: page, search: rawSearch, data: "next-data" };
  }
  if (path.endsWith(".data")) {
    const document = documentPathOfDataRequest(path, rawSearch, { ...urls, basePath: "" });
    if (document === null) return null;
    const queryAt = document.indexOf("?");
    return queryAt === -1
      ? { path: document, search: "", data: "route-data" }
      : { path: document.slice(0, queryAt), search: document.slice(queryAt), data: "route-data" };
  }
  // React Router's own: its route manifest.
  if (path === "/__manifest") return null;
  return { path, search: rawSearch, data: null };
}

/** A data request's answer with no data, whose headers tell the browser what to do instead. */
function sendDataInstruction(exchange: Exchange, headers: Record<string, string>): void {
  exchange.res.writeHead(200, {
    ...headers,
    "Content-Type": "application/json",
    "Cache-Control": "private, no-store",
  });
  exchange.res.end("{}");
}

/** A data request's answer that sends its page's browser to load it as a document. */
export function sendLoadDocument(exchange: Exchange, headers: Record<string, string>): void {
  sendDataInstruction(exchange, { ...headers, [LOAD_DOCUMENT_HEADER]: "1" });
}

/**
 * A page's data request that the site's middleware redirected to `path` (base
 * path included) of this site, told so (x-nextjs-redirect): its client
 * follows the redirect in the page.
 */
export function sendMiddlewareRedirect(exchange: Exchange, path: string): void {
  sendDataInstruction(exchange, { [MIDDLEWARE_REDIRECT_HEADER]: path });
}

/**
 * A page's data request that the middleware or a rewrite rule rewrote to
 * another page of this site (`path` below the base path, its locale prefix if
 * it has one; `search` its query), as Next.js answers it: with that page's
 * data, in this one answer, and the page named (x-nextjs-rewrite, base path
 * included), so its client shows that page under the URL asked for without
 * asking again. The exchange goes on as that page's data request.
 */
export function rewriteDataRequest(
  exchange: Exchange,
  { buildId, basePath }: { buildId: string; basePath: string },
  path: string,
  search: string,
): void {
  exchange.res.setHeader(MIDDLEWARE_REWRITE_HEADER, basePath + path + search);
  const { locale, path: below } = localeAndPathOf(path, defaultLocaleOn(exchange.origin?.host));
  rewriteExchange(exchange, basePath, nextDataPath({ buildId, locale, path: below }), search);
}
