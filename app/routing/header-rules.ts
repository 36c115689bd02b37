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
import { conditionCaptures, type ConditionSubject } from "./conditions.ts";
import type { HeaderRule } from "./header-rule-config.ts";
import {
  flatParams,
  sourceMatcher,
  substituted,
  type RuleParams,
  type RuleSite,
} from "./rule-pattern.ts";

export type { HeaderRule } from "./header-rule-config.ts";

export type HeaderSite = RuleSite;

interface CompiledRule {
  readonly rule: HeaderRule;
  readonly match: (path: string) => RuleParams | null;
}

export function compileHeaderRules(rules: readonly HeaderRule[], site: HeaderSite): CompiledRule[] {
  return rules.map((rule) => ({ rule, match: sourceMatcher(rule, site, "headers") }));
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
    if (found === null) continue;
    const params = flatParams(found);
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
      const name = substituted(key, params);
      out.set(name.toLowerCase(), [name, substituted(value, params)]);
    }
  }
  return [...out.values()];
}
