/**
 * The paths of next.config.js's rules (`headers()`, `rewrites()`) as Next.js
 * compiles them: path-to-regexp 6 patterns, under the base path unless the rule
 * says `basePath: false` and, with i18n, below a locale (the default one's too,
 * as Next.js spells every path with its locale) unless it says `locale: false`.
 * A rule's source is matched against the path as `matchedPath` spells it; a
 * rewrite's destination is given the same prefixes, its locale the one matched.
 */
import { compile, match, parse } from "path-to-regexp";

export interface RuleSite {
  readonly basePath: string;
  /** The locales, as written in URLs; null without i18n. */
  readonly locales: readonly string[] | null;
}

export interface PatternRule {
  readonly source: string;
  readonly basePath?: false;
  readonly locale?: false;
}

export type RuleParams = Record<string, string | string[]>;

/** The parameter the locale is matched into: Next.js's own name, left out of a page's query. */
export const LOCALE_PARAM = "nextInternalLocale";

/** `pattern` (a source or a destination's path) with the prefixes `rule` gives it on `site`. */
export function prefixedPattern(pattern: string, rule: PatternRule, site: RuleSite): string {
  const localized = site.locales !== null && rule.locale !== false;
  const locale = localized ? `/:${LOCALE_PARAM}(${site.locales!.join("|")})` : "";
  const base = rule.basePath === false ? "" : site.basePath;
  return base + locale + (localized && pattern === "/" ? "" : pattern) || "/";
}

/**
 * A matcher for the rule's source: the path's parameters (decoded; a repeated
 * one as an array), or null. Throws, naming `what`, for a source that is not a
 * pattern path-to-regexp 6 reads.
 */
export function sourceMatcher(
  rule: PatternRule,
  site: RuleSite,
  what: string,
): (path: string) => RuleParams | null {
  let matcher: ReturnType<typeof match>;
  try {
    matcher = match(prefixedPattern(rule.source, rule, site), { decode: decodeURIComponent });
  } catch (error) {
    throw new Error(
      `${what}: the source "${rule.source}" is not a path pattern: ${(error as Error).message}`,
    );
  }
  return (path) => {
    try {
      const found = matcher(path);
      return found === false ? null : (found.params as RuleParams);
    } catch {
      return null; // a parameter that does not decode matches nothing
    }
  };
}

/** The names of the parameters a pattern holds. */
export function patternParams(pattern: string): string[] {
  return parse(pattern).flatMap((token) => (typeof token === "string" ? [] : [String(token.name)]));
}

/**
 * A path pattern filled in with `params`, each value percent-encoded (a
 * repeated one segment by segment). Throws, naming `what`, for a pattern that
 * path-to-regexp 6 does not read.
 */
export function compiledPath(pattern: string, what: string): (params: RuleParams) => string {
  let fill: (params: object) => string;
  try {
    fill = compile(pattern, { encode: encodeURIComponent, validate: false });
  } catch (error) {
    throw new Error(`${what}: "${pattern}" is not a path pattern: ${(error as Error).message}`);
  }
  return fill;
}

/** `:name` in text (a header's key or value, a query value) replaced by its parameter; unknown names stay. */
export function substituted(text: string, params: Readonly<Record<string, string>>): string {
  return text.replace(/:([A-Za-z_]\w*)/g, (whole, name: string) => params[name] ?? whole);
}

/** Parameters as text: a repeated one joined with `/`. */
export function flatParams(params: RuleParams): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) {
    flat[name] = Array.isArray(value) ? value.join("/") : value;
  }
  return flat;
}
