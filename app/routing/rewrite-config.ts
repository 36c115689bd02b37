/**
 * The shape of next.config.js's `rewrites()`, checked with the rest of the site
 * config (site-config.ts): a list (Next.js's `afterFiles`), or the three phases
 * by name. Each rule serves its `destination`, a path of this site, in the place
 * of what its `source` matched. Whether the patterns are ones path-to-regexp
 * reads is checked when the server compiles them (rewrite-rules.ts).
 */
import { ruleConditionProblems, type Condition } from "./conditions.ts";
import { isObject } from "./is-object.ts";

export interface RewriteRule {
  readonly source: string;
  /** A path of this site, which may name the source's parameters and the conditions' captures. */
  readonly destination: string;
  readonly locale?: false;
  /** false: the source is matched outside the base path (`/x`, not `/docs/x`), the destination another site. */
  readonly basePath?: false;
  readonly has?: readonly Condition[];
  readonly missing?: readonly Condition[];
}

/** When each list is asked, as in Next.js (docs/configuration.md, "rewrites"). */
export interface RewritePhases {
  /** After the middleware, before any page or public file. */
  readonly beforeFiles: readonly RewriteRule[];
  /** After the public files and the pages without parameters, before the dynamic ones. */
  readonly afterFiles: readonly RewriteRule[];
  /** After every page, before the 404. */
  readonly fallback: readonly RewriteRule[];
}

export type RewritesInput = readonly RewriteRule[] | Partial<RewritePhases>;

export const PHASES = ["beforeFiles", "afterFiles", "fallback"] as const;

/** The three lists of a checked input: a plain list is `afterFiles`, as in Next.js. */
export function rewritePhasesOf(input: RewritesInput | undefined): RewritePhases {
  if (input === undefined) return { beforeFiles: [], afterFiles: [], fallback: [] };
  if (Array.isArray(input)) return { beforeFiles: [], afterFiles: input, fallback: [] };
  const phases = input as Partial<RewritePhases>;
  return {
    beforeFiles: phases.beforeFiles ?? [],
    afterFiles: phases.afterFiles ?? [],
    fallback: phases.fallback ?? [],
  };
}

const RULE_KEYS = ["source", "destination", "locale", "has", "missing", "basePath"];

/**
 * The origin of a destination on another site (`https://docs.example.com` of
 * `https://docs.example.com/:path*`), or null for one of this site's paths or
 * anything but an http(s) URL with a host.
 */
export function externalOriginOf(destination: string): string | null {
  const match = /^(https?:\/\/[^/?#]+)(?=[/?#]|$)/i.exec(destination);
  if (match === null) return null;
  try {
    const url = new URL(match[1]!);
    return url.username || url.password ? null : url.origin;
  } catch {
    return null;
  }
}

function ruleProblems(rule: unknown, at: string): string[] {
  if (!isObject(rule)) return [`${at}: must be { source, destination }`];
  const problems: string[] = [];
  for (const key of Object.keys(rule)) {
    if (!RULE_KEYS.includes(key))
      problems.push(`${at}.${key}: not a key of a rewrite (known: ${RULE_KEYS.join(", ")})`);
  }
  if (typeof rule.source !== "string" || !rule.source.startsWith("/")) {
    problems.push(`${at}.source: must be a path starting with "/"`);
  }
  const destination = rule.destination;
  if (typeof destination !== "string") {
    problems.push(`${at}.destination: must be a path starting with "/"`);
  } else if (/^[a-z][a-z\d+.-]*:/i.test(destination) || destination.startsWith("//")) {
    // Another origin, which the server proxies to, as Next.js does.
    const origin = externalOriginOf(destination);
    if (origin === null) {
      problems.push(
        `${at}.destination: "${destination}" is no http(s) URL with a host (such as "https://docs.example.com/:path*")`,
      );
    }
  } else if (!destination.startsWith("/")) {
    problems.push(`${at}.destination: must be a path starting with "/"`);
  } else {
    try {
      decodeURIComponent(destination);
    } catch {
      problems.push(`${at}.destination: "${destination}" has a "%" that is no escape (write %25)`);
    }
  }
  if (rule.basePath !== undefined && rule.basePath !== false) {
    problems.push(`${at}.basePath: may only be false`);
  } else if (
    rule.basePath === false &&
    typeof destination === "string" &&
    destination.startsWith("/") &&
    !destination.startsWith("//")
  ) {
    problems.push(
      `${at}.basePath: false leads to "${destination}", a path of this host outside the site's ` +
        "base path, which this shell does not serve: give another site's URL " +
        '(such as "https://docs.example.com/:path*"), or remove basePath',
    );
  }
  if (rule.locale !== undefined && rule.locale !== false)
    problems.push(`${at}.locale: may only be false`);
  problems.push(...ruleConditionProblems(rule, at));
  return problems;
}

/** Every problem with `rewrites`, each naming its place; none for a valid one. */
export function rewriteProblems(input: unknown): string[] {
  const listProblems = (list: unknown, at: string): string[] =>
    Array.isArray(list)
      ? list.flatMap((rule: unknown, i) => ruleProblems(rule, `${at}[${i}]`))
      : [`${at}: must be a list of { source, destination }`];
  if (Array.isArray(input)) return listProblems(input, "rewrites");
  if (!isObject(input)) {
    return [
      "rewrites: must be a list of { source, destination }, or { beforeFiles, afterFiles, fallback }",
    ];
  }
  const problems: string[] = [];
  for (const key of Object.keys(input)) {
    if (!(PHASES as readonly string[]).includes(key))
      problems.push(`rewrites.${key}: not a phase (known: ${PHASES.join(", ")})`);
  }
  for (const phase of PHASES) {
    if (input[phase] !== undefined)
      problems.push(...listProblems(input[phase], `rewrites.${phase}`));
  }
  return problems;
}
