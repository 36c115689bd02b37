/**
 * The site's `headers()` rules (next.config.js), as Next.js applies them:
 * every rule whose `source` (a path-to-regexp 6 pattern) matches the path and
 * whose `has` and `missing` conditions hold adds its headers, in order, a later
 * one over an earlier one of the same name. With i18n, a source is matched below
 * each locale (the default one's too, as Next.js spells every path with its
 * locale) unless it says `locale: false`; the base path comes first unless it
 * says `basePath: false`. A key or value may name the source's parameters and
 * the conditions' captures (`:slug`).
 */
import { match } from "path-to-regexp";
import { conditionCaptures, type ConditionSubject } from "./conditions.ts";
import type { HeaderRule } from "./header-rule-config.ts";

export type { HeaderRule } from "./header-rule-config.ts";

export interface HeaderSite {
  readonly basePath: string;
  /** The locales, as written in URLs; null without i18n. */
  readonly locales: readonly string[] | null;
}

interface CompiledRule {
  readonly rule: HeaderRule;
  readonly match: (path: string) => false | { params: Record<string, string | string[]> };
}

export function compileHeaderRules(rules: readonly HeaderRule[], site: HeaderSite): CompiledRule[] {
  return rules.map((rule) => {
    const localized = site.locales !== null && rule.locale !== false;
    const locale = localized ? `/:nextInternalLocale(${site.locales!.join("|")})` : "";
    const source = locale + (localized && rule.source === "/" ? "" : rule.source);
    const base = rule.basePath === false ? "" : site.basePath;
    let matcher: ReturnType<typeof match>;
    try {
      matcher = match(base + source || "/", { decode: decodeURIComponent });
    } catch (error) {
      throw new Error(
        `headers: the source "${rule.source}" is not a path pattern: ${(error as Error).message}`,
      );
    }
    return {
      rule,
      match: (path) => matcher(path) as false | { params: Record<string, string | string[]> },
    };
  });
}

function substitute(text: string, params: Record<string, string>): string {
  return text.replace(/:([A-Za-z_]\w*)/g, (whole, name: string) => params[name] ?? whole);
}

/**
 * The headers for a request: `path` as matchedPath spells it (base path, the
 * locale, the page's path), in the order the rules give them.
 */
export function headersFor(
  rules: readonly CompiledRule[],
  path: string,
  subject: ConditionSubject,
): [name: string, value: string][] {
  const out = new Map<string, [string, string]>();
  for (const { rule, match: matches } of rules) {
    const found = matches(path);
    if (found === false) continue;
    const params: Record<string, string> = {};
    for (const [name, value] of Object.entries(found.params)) {
      params[name] = Array.isArray(value) ? value.join("/") : value;
    }
    let met = true;
    for (const condition of rule.has ?? []) {
      const captures = conditionCaptures(condition, subject);
      if (captures === null) {
        met = false;
        break;
      }
      Object.assign(params, captures);
    }
    if (
      !met ||
      (rule.missing ?? []).some((condition) => conditionCaptures(condition, subject) !== null)
    )
      continue;
    for (const { key, value } of rule.headers) {
      const name = substitute(key, params);
      out.set(name.toLowerCase(), [name, substitute(value, params)]);
    }
  }
  return [...out.values()];
}
