/**
 * Whether the server may answer a click with another page than the one its URL
 * names in the browser: the site has a middleware, or `rewrites()`. Then a
 * click to a page without server data asks its data URL all the same (answered
 * `{}`, or told to load the page as a document), as Next.js's client asks it
 * when the site has a middleware. One answer for the server and the browser;
 * the browser asks it of each click (serverMayPickPage).
 */
import { hasMiddleware, middlewareMatchers } from "virtual:next-middleware";
import site from "../../../site.config.ts";
import { defaultLocaleOn, LOCALE_PREFIXES } from "../../routing/locale.ts";
import {
  browserRegExps,
  matcherNamesPath,
  type BrowserMatcher,
} from "../middleware/browser-matchers.ts";

export const serverPicksPage: boolean = hasMiddleware || site.hasRewrites;

declare global {
  interface Window {
    /** The middleware's matcher, where Next.js's client shows it. */
    __MIDDLEWARE_MATCHERS?: readonly BrowserMatcher[];
  }
}

if (typeof window !== "undefined" && middlewareMatchers !== null) {
  window.__MIDDLEWARE_MATCHERS = middlewareMatchers;
}

let regexps: readonly RegExp[] | null | undefined;

/** Whether the site's middleware may act on `pathname` (as shown: base path and locale prefix included). */
export function middlewareMayRun(pathname: string, basePath: string): boolean {
  if (!hasMiddleware) return false;
  regexps ??= middlewareMatchers === null ? null : browserRegExps(middlewareMatchers);
  return matcherNamesPath(
    regexps,
    pathname,
    { basePath, i18n: LOCALE_PREFIXES },
    defaultLocaleOn(location.host),
  );
}

/**
 * The browser's question for one click: whether the server may pick its page.
 * With rewrites, always; with a middleware alone, when its matcher names the path.
 */
export function serverMayPickPage(pathname: string, basePath: string): boolean {
  return site.hasRewrites || middlewareMayRun(pathname, basePath);
}
