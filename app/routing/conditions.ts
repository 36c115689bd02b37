/**
 * `has` and `missing`: the conditions on a request that Next.js's middleware
 * matchers (and its redirects, rewrites and headers) may add to a path. Each
 * names a header, a cookie, a query parameter or the host; without a `value` it
 * asks only that it be there, with one that the whole of it match `value`, a
 * regular expression.
 */

export type Condition =
  | { readonly type: "header" | "cookie" | "query"; readonly key: string; readonly value?: string }
  | { readonly type: "host"; readonly key?: undefined; readonly value: string };

/** Every problem with a rule's `has` and `missing` lists, each naming its place (`at`: the rule's). */
export function ruleConditionProblems(rule: Record<string, unknown>, at: string): string[] {
  const problems: string[] = [];
  for (const kind of ["has", "missing"] as const) {
    const conditions = rule[kind];
    if (conditions === undefined) continue;
    if (!Array.isArray(conditions)) {
      problems.push(`${at}.${kind} must be a list`);
      continue;
    }
    conditions.forEach((condition: unknown, n) => {
      const problem = conditionProblem(condition, `${at}.${kind}[${n}]`);
      if (problem) problems.push(problem);
    });
  }
  return problems;
}

/** What of a request the conditions read. */
export interface ConditionSubject {
  /** By lower-case name. */
  header(name: string): string | undefined;
  cookie(name: string): string | undefined;
  query(name: string): string | undefined;
  /** Without the port. */
  readonly host: string;
}

const TYPES = new Set(["header", "cookie", "query", "host"]);

/** Why `condition` is not one, or null: `where` names it in the message. */
export function conditionProblem(condition: unknown, where: string): string | null {
  if (typeof condition !== "object" || condition === null) {
    return `${where} must be an object with a type ("header", "cookie", "query" or "host")`;
  }
  const { type, key, value } = condition as Record<string, unknown>;
  if (typeof type !== "string" || !TYPES.has(type)) {
    return `${where}.type must be "header", "cookie", "query" or "host", not ${JSON.stringify(type)}`;
  }
  if (type === "host") {
    if (typeof value !== "string") return `${where}.value must name the host (a string)`;
  } else if (typeof key !== "string" || key === "") {
    return `${where}.key must name the ${type} (a string)`;
  }
  if (value !== undefined) {
    if (typeof value !== "string") return `${where}.value must be a string (a regular expression)`;
    try {
      new RegExp(value);
    } catch (error) {
      return `${where}.value is not a regular expression: ${(error as Error).message}`;
    }
  }
  return null;
}

const compiled = new Map<string, RegExp>();

function wholePattern(pattern: string): RegExp {
  let regexp = compiled.get(pattern);
  if (regexp === undefined) {
    regexp = new RegExp(`^(?:${pattern})$`);
    if (compiled.size < 1000) compiled.set(pattern, regexp);
  }
  return regexp;
}

/**
 * What a condition the request meets captures, or null when it does not meet
 * it: without a `value`, the value itself under its key (a host's, nothing);
 * with one, the pattern's named groups. Rules put them into what they write.
 */
export function conditionCaptures(
  condition: Condition,
  subject: ConditionSubject,
): Record<string, string> | null {
  const actual =
    condition.type === "host"
      ? subject.host
      : condition.type === "header"
        ? subject.header(condition.key.toLowerCase())
        : condition.type === "cookie"
          ? subject.cookie(condition.key)
          : subject.query(condition.key);
  if (actual === undefined) return null;
  if (condition.value === undefined) {
    return condition.type === "host" ? {} : { [condition.key]: actual };
  }
  const found = wholePattern(condition.value).exec(actual);
  return found === null ? null : { ...found.groups };
}

/** Whether the request meets one condition. */
export function conditionMet(condition: Condition, subject: ConditionSubject): boolean {
  return conditionCaptures(condition, subject) !== null;
}

/** Every `has` met and no `missing` one. */
export function conditionsMet(
  has: readonly Condition[] | undefined,
  missing: readonly Condition[] | undefined,
  subject: ConditionSubject,
): boolean {
  return (
    (has ?? []).every((condition) => conditionMet(condition, subject)) &&
    !(missing ?? []).some((condition) => conditionMet(condition, subject))
  );
}
