/**
 * The site's `rewrites()` (next.config.js; app/routing/rewrite-rules.ts says
 * how they are asked): a request served by another path of the site, its URL
 * kept. In the pipeline after the middleware, where Next.js asks `beforeFiles`;
 * the later phases are asked here too, knowing what the site serves at each
 * path (served-paths.ts), so that one step holds the rewrites.
 *
 * A document is served as its destination: a page (rendered for its URL, with
 * `router.asPath` the URL shown), an API route, or a public file (served here);
 * a destination on another site is proxied to (proxy.ts), as Next.js does.
 * A page's data request (a click's) that a rule rewrites to a page is told
 * which (`x-nextjs-rewrite`), and its client shows that page under the URL
 * clicked, as for the middleware's rewrites (app/next/page/middleware-answer.ts);
 * one rewritten to a file, an API route or another site, and React Router's
 * route data, are told to load the URL as a document. Either way with the
 * 3800 ms fallback and build binding as for any page.
 */
import { stripBasePath } from "../../../app/routing/base-path.ts";
import type { CanonicalOptions } from "../../../app/routing/canonical-url.ts";
import {
  defaultLocaleOn,
  LOCALE_PREFIXES,
  LOCALES,
  localeAndPathOf,
  localizedPath,
  type Locale,
} from "../../../app/routing/locale.ts";
import { matchedPath } from "../../../app/next/middleware/matcher.ts";
import {
  compileRewrites,
  hasRewrites,
  rewriteTarget,
  type PathKind,
  type RewritePhases,
} from "../../../app/routing/rewrite-rules.ts";
import { isApiPath } from "../../../app/routing/pages.ts";
import { conditionSubjectOf } from "../../platform/condition-subject.ts";
import { rewriteExchange, type Step } from "../../platform/exchange.ts";
import { pageOf, rewriteDataRequest, sendLoadDocument } from "../../platform/page-of.ts";
import { MIDDLEWARE_REWRITE_HEADER } from "../../../app/next/routing/data-url.ts";
import { proxyTo, type ProxyOptions } from "./proxy.ts";
import { pathKinds, type ServedPaths } from "./served-paths.ts";

export interface RewriteOptions extends ServedPaths {
  readonly buildId: string;
  readonly urls: CanonicalOptions;
  /** Serves public files: a destination that is one is served by it. */
  readonly assets: Step;
  /** How a destination on another site is proxied to (proxy.ts). */
  readonly proxy: ProxyOptions;
}

/**
 * A path as the rules spell it (base path, locale) back to the shell's (below
 * the base path), and what the site serves there; null outside the base path.
 * A path a `locale: false` rule wrote without a locale is a public file or an
 * API route as written, as Next.js looks those up without a locale; otherwise
 * a page in the request's locale (`asked`), as in Next.js.
 */
function destinationOf(
  path: string,
  basePath: string,
  asked: Locale | null,
  served: (path: string, defaultLocale: boolean) => PathKind,
  here: Locale,
): { path: string; kind: PathKind } | null {
  const below = stripBasePath(path, basePath);
  if (below === null) return null;
  const { locale: named, path: rest } = localeAndPathOf(below, here);
  if (named === null || asked === null) return { path: rest, kind: served(rest, true) };
  if (rest === below) {
    const asWritten = served(rest, true);
    if (asWritten === "file" || (asWritten !== null && isApiPath(rest)))
      return { path: rest, kind: asWritten };
  }
  const locale = rest === below ? asked : named;
  const local = localizedPath(locale, rest, here);
  return { path: local, kind: served(local, locale === here) };
}

/** A path without its trailing slash (the root kept): two spellings of one page compare alike. */
const withoutSlash = (path: string) =>
  path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path;

export function siteRewrites(phases: RewritePhases, options: RewriteOptions): Step {
  const { buildId, urls, assets } = options;
  const basePath = urls.basePath;
  const rewrites = compileRewrites(phases, { basePath, locales: LOCALE_PREFIXES ? LOCALES : null });
  if (!hasRewrites(rewrites)) return () => false;
  const served = pathKinds(options);
  const site = { basePath, i18n: LOCALE_PREFIXES };

  // `basePath: false` rules, matched outside the base path: to another site only (rewrite-config.ts).
  const outside = [...rewrites.beforeFiles, ...rewrites.afterFiles, ...rewrites.fallback].some(
    (rule) => rule.rule.basePath === false,
  );

  return (exchange) => {
    if (exchange.path === null) {
      if (!outside || basePath === "") return false;
      // Spelled as Next.js matches it: with its locale, the default one's too.
      const { locale: named, path: rest } = localeAndPathOf(
        exchange.rawPath,
        defaultLocaleOn(exchange.origin!.host),
      );
      const asked = {
        path: matchedPath({ basePath: "", i18n: LOCALE_PREFIXES }, named, rest),
        search: exchange.rawSearch,
      };
      const subject = conditionSubjectOf(exchange.req, exchange.rawSearch, exchange.origin!.host);
      const target = rewriteTarget(rewrites, asked, subject, () => null)?.target;
      if (target?.origin === undefined) return false;
      return proxyTo(exchange, new URL(target.origin + target.path + target.search), options.proxy);
    }
    const page = pageOf(exchange, buildId, urls);
    if (page === null) return false;
    // The locale served unprefixed on this host (a locale domain's default).
    const here = defaultLocaleOn(exchange.origin!.host);
    const { locale, path: below } = localeAndPathOf(page.path, here);
    const asked = { path: matchedPath(site, locale, below), search: page.search };
    const subject = conditionSubjectOf(exchange.req, page.search, exchange.origin!.host);
    const kind = (path: string) =>
      destinationOf(path, basePath, locale, served, here)?.kind ?? null;
    const found = rewriteTarget(rewrites, asked, subject, kind);
    if (found === null) return false;
    const { target } = found;
    if (target.origin !== undefined) {
      const url = target.origin + target.path + target.search;
      // A click's data request loads the URL as a document, which is then proxied.
      if (page.data !== null) {
        sendLoadDocument(exchange, { "x-nextjs-rewrite": url });
        return true;
      }
      return proxyTo(exchange, new URL(url), options.proxy);
    }
    // Destinations carry the base path: always the site's.
    const shell = destinationOf(target.path, basePath, locale, served, here)!;
    if (page.data !== null) {
      if (withoutSlash(shell.path) === withoutSlash(page.path) && target.search === page.search)
        return false;
      // A page's data, rewritten to a page: that page's data, in this answer, which its
      // client shows under the URL asked for, as Next.js's does
      // (app/next/page/middleware-answer.ts); to a file or an API route, or React
      // Router's route data: the URL loads as a document.
      if (page.data === "next-data" && shell.kind !== "file" && !isApiPath(shell.path)) {
        rewriteDataRequest(exchange, { buildId, basePath }, shell.path, target.search);
        return false;
      }
      sendLoadDocument(exchange, {
        [MIDDLEWARE_REWRITE_HEADER]: basePath + shell.path + target.search,
      });
      return true;
    }
    rewriteExchange(exchange, basePath, shell.path, target.search);
    exchange.rewrittenByConfig = true;
    return found.kind === "file" ? assets(exchange) : false;
  };
}
