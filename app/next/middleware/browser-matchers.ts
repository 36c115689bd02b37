/**
 * Whether the site's middleware may act on a click's target, as the browser
 * can tell: its matcher, compiled at build from the middleware's literal
 * `config.matcher` (app/next/vite/plugin.ts, static-config.ts), names the
 * path. The browser reads no cookie or header condition: a path the matcher
 * names may be acted on. A click to a page whose path it does not name needs
 * no word from the server; Next.js's client skips its middleware request then too.
 */
import { stripBasePath } from "../../routing/base-path.ts";
import { localeAndPathOf, type Locale } from "../../routing/locale.ts";
import { matchedPath, type MatcherSite } from "./matched-path.ts";
import type { CompiledMatcher, MatcherEntry } from "./matcher.ts";

/** One entry of the matcher, as the build gives it to the browser (Next.js's shape). */
export interface BrowserMatcher {
  /** The regular expression's source: base path, locale and the page's path. */
  readonly regexp: string;
  /** The entry's `source`, as written. */
  readonly originalSource: string;
}

/** The build's side: the server's compiled matcher (matcher.ts), for the browser. */
export function browserMatchers(
  entries: readonly MatcherEntry[],
  compiled: readonly CompiledMatcher[],
): BrowserMatcher[] {
  return compiled.map((matcher, i) => ({
    regexp: matcher.regexp.source,
    originalSource: entries[i]!.source,
  }));
}

/** The browser's side: the expressions, case-insensitive as path-to-regexp makes them. */
export function browserRegExps(matchers: readonly BrowserMatcher[]): RegExp[] {
  return matchers.map((matcher) => new RegExp(matcher.regexp, "i"));
}

/**
 * Whether a matcher (null: none, every path) names `pathname`, as the browser
 * shows it (base path, locale prefix, percent-encoded).
 */
export function matcherNamesPath(
  regexps: readonly RegExp[] | null,
  pathname: string,
  site: MatcherSite,
  defaultLocale?: Locale,
): boolean {
  if (regexps === null) return true;
  const below = stripBasePath(pathname, site.basePath);
  // Outside the base path: a matcher's sources are all under it.
  if (below === null) return false;
  const { locale, path } = localeAndPathOf(below, defaultLocale);
  return regexps.some((regexp) => regexp.test(matchedPath(site, locale, path)));
}
