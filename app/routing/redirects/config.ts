/**
 * A site's `redirects`, as next.config.js writes them, and their check: every
 * problem named by its rule and key. No site, no request: `site-config.ts`
 * checks the config with it, and `rules.ts` compiles and asks the rules.
 */
import { isObject } from "../is-object.ts";
import { compileDestination, compileSource, PatternError } from "./pattern.ts";

/** Where a condition looks: Next.js's four. */
export type ConditionType = "header" | "cookie" | "query" | "host";

export interface RedirectCondition {
  readonly type: ConditionType;
  /** The header, cookie or query key; none for `host`. */
  readonly key?: string;
  /** A regular expression the whole value must match; its named groups are parameters. */
  readonly value?: string;
}

export interface RedirectRule {
  readonly source: string;
  readonly destination: string;
  /** true: 308; false: 307. */
  readonly permanent?: boolean;
  /** Instead of `permanent`: 301, 302, 303, 307 or 308. */
  readonly statusCode?: 301 | 302 | 303 | 307 | 308;
  /** Every condition must hold. */
  readonly has?: readonly RedirectCondition[];
  /** No condition may hold. */
  readonly missing?: readonly RedirectCondition[];
  /** false: the source and destination carry their own locale prefix, if any. */
  readonly locale?: false;
  /** false: the rule applies outside the base path. */
  readonly basePath?: false;
}

const RULE_KEYS = [
  "source",
  "destination",
  "permanent",
  "statusCode",
  "has",
  "missing",
  "locale",
  "basePath",
];
const STATUS_CODES = [301, 302, 303, 307, 308];
const CONDITION_TYPES: readonly ConditionType[] = ["header", "cookie", "query", "host"];
export const PARAM_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** Named groups in a condition's value: `(?<authorized>yes|true)`. */
const NAMED_GROUP = /\(\?<([A-Za-z_][A-Za-z0-9_]*)>/g;

/** How a problem names its rule: `redirects[2] ("/old-blog/:slug")`. */
export function ruleName(index: number, rule: unknown): string {
  const source = isObject(rule) && typeof rule.source === "string" ? ` (${rule.source})` : "";
  return `redirects[${index}]${source}`;
}

function conditionProblems(list: unknown, at: string): string[] {
  if (list === undefined) return [];
  if (!Array.isArray(list)) return [`${at}: must be a list of conditions`];
  return list.flatMap((item: unknown, i): string[] => {
    const where = `${at}[${i}]`;
    if (!isObject(item)) return [`${where}: must be an object with type, key and value`];
    const problems = Object.keys(item)
      .filter((k) => !["type", "key", "value"].includes(k))
      .map((k) => `${where}.${k}: not a setting (known: type, key, value)`);
    if (!CONDITION_TYPES.includes(item.type as ConditionType))
      problems.push(
        `${where}.type: ${JSON.stringify(item.type)} must be one of ${CONDITION_TYPES.join(", ")}`,
      );
    if (item.type !== "host" && (typeof item.key !== "string" || item.key === ""))
      problems.push(`${where}.key: a ${String(item.type)} condition needs a key`);
    if (item.type === "host" && item.value === undefined)
      problems.push(`${where}.value: a host condition needs a value`);
    if (item.value !== undefined) {
      if (typeof item.value !== "string") problems.push(`${where}.value: must be a string`);
      else {
        try {
          new RegExp(`^(?:${item.value})$`);
        } catch (error) {
          problems.push(
            `${where}.value: not a valid regular expression: ${(error as Error).message}`,
          );
        }
      }
    }
    return problems;
  });
}

/** The parameters a rule's conditions give its destination. */
function conditionParams(rule: RedirectRule): string[] {
  return (rule.has ?? []).flatMap((c) => {
    if (c.value !== undefined) return [...c.value.matchAll(NAMED_GROUP)].map((m) => m[1]!);
    return c.key !== undefined && PARAM_NAME.test(c.key) ? [c.key] : [];
  });
}

/** Every problem with one rule, each naming it and its key; none for a valid rule. */
function ruleProblems(rule: unknown, index: number): string[] {
  const at = ruleName(index, rule);
  if (!isObject(rule)) return [`${at}: must be an object with source, destination and permanent`];
  const problems = Object.keys(rule)
    .filter((key) => !RULE_KEYS.includes(key))
    .map((key) => `${at}.${key}: not a setting (known: ${RULE_KEYS.join(", ")})`);
  /** A pattern compiled, or null with its problem recorded under `key`. */
  const compiled = <T>(key: "source" | "destination", compile: (text: string) => T): T | null => {
    const text = rule[key];
    if (typeof text !== "string") {
      problems.push(`${at}.${key}: must be a string`);
      return null;
    }
    try {
      return compile(text);
    } catch (error) {
      if (!(error instanceof PatternError)) throw error;
      problems.push(`${at}.${key}: ${error.message}`);
      return null;
    }
  };
  const source = compiled("source", compileSource);
  const destination = compiled("destination", compileDestination);
  if (rule.permanent === undefined && rule.statusCode === undefined)
    problems.push(`${at}: needs permanent (true for 308, false for 307) or statusCode`);
  if (rule.permanent !== undefined && rule.statusCode !== undefined)
    problems.push(`${at}: permanent and statusCode both given: keep one`);
  if (rule.permanent !== undefined && typeof rule.permanent !== "boolean")
    problems.push(`${at}.permanent: ${JSON.stringify(rule.permanent)} must be true or false`);
  if (rule.statusCode !== undefined && !STATUS_CODES.includes(rule.statusCode as number))
    problems.push(
      `${at}.statusCode: ${JSON.stringify(rule.statusCode)} must be one of ${STATUS_CODES.join(", ")}`,
    );
  for (const key of ["locale", "basePath"] as const)
    if (rule[key] !== undefined && rule[key] !== false)
      problems.push(`${at}.${key}: only false may be written (the default applies the rule there)`);
  problems.push(...conditionProblems(rule.has, `${at}.has`));
  problems.push(...conditionProblems(rule.missing, `${at}.missing`));
  if (source && destination && problems.length === 0) {
    const given = new Set([
      ...source.params.map((p) => p.name),
      ...conditionParams(rule as unknown as RedirectRule),
    ]);
    for (const name of destination.uses)
      if (!given.has(name))
        problems.push(`${at}.destination: uses :${name}, which neither the source nor has gives`);
  }
  return problems;
}

/** Every problem with a `redirects` value, each naming its rule; none for a valid one. */
export function redirectProblems(value: unknown): string[] {
  if (!Array.isArray(value))
    return ["redirects: must be a list of rules (what next.config.js's redirects() returns)"];
  return value.flatMap(ruleProblems);
}
