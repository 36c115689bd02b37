/**
 * The shape of next.config.js's `headers()` rules, checked with the rest of the
 * site config (site-config.ts): a source, the headers, and the flags and
 * conditions Next.js takes. Whether a source is a pattern path-to-regexp reads
 * is checked when the server compiles them (header-rules.ts).
 */
import { ruleConditionProblems, type Condition } from "./conditions.ts";
import { isObject } from "./is-object.ts";

export interface HeaderRule {
  readonly source: string;
  readonly headers: readonly { readonly key: string; readonly value: string }[];
  readonly basePath?: false;
  readonly locale?: false;
  readonly has?: readonly Condition[];
  readonly missing?: readonly Condition[];
}

/** Every problem with a list of rules, each naming its place; none for a valid list. */
export function headerRuleProblems(rules: unknown): string[] {
  if (!Array.isArray(rules)) return ["headers: must be a list of { source, headers }"];
  const problems: string[] = [];
  rules.forEach((rule: unknown, i) => {
    const at = `headers[${i}]`;
    if (!isObject(rule)) {
      problems.push(`${at}: must be { source, headers }`);
      return;
    }
    const known = ["source", "headers", "basePath", "locale", "has", "missing"];
    for (const key of Object.keys(rule)) {
      if (!known.includes(key))
        problems.push(`${at}.${key}: not a key of a header rule (known: ${known.join(", ")})`);
    }
    if (typeof rule.source !== "string" || !rule.source.startsWith("/")) {
      problems.push(`${at}.source: must be a path starting with "/"`);
    }
    if (
      !Array.isArray(rule.headers) ||
      !rule.headers.every(
        (header: unknown) =>
          isObject(header) &&
          typeof header.key === "string" &&
          header.key !== "" &&
          typeof header.value === "string",
      )
    ) {
      problems.push(`${at}.headers: must be a list of { key, value } strings`);
    }
    for (const flag of ["basePath", "locale"] as const) {
      if (rule[flag] !== undefined && rule[flag] !== false)
        problems.push(`${at}.${flag}: may only be false`);
    }
    problems.push(...ruleConditionProblems(rule, at));
  });
  return problems;
}
