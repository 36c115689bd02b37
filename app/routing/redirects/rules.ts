/**
 * A site's `redirects`, as next.config.js writes them: checked, compiled once,
 * and asked for a request's redirect. Pure: the server's pipeline (document
 * requests) and the React Router middleware (route data) are thin adapters
 * around `redirectFor`, so both answer a path the same way.
 *
 * Beyond Next.js, for the URL contract: a rule matches the canonical form of the
 * path (slashes collapsed, either slash style), and an internal destination is
 * made canonical (locale prefix, trailing-slash style), so a request reaches its
 * target in one hop: `/old-blog/hello/` -> `/blog/hello`.
 */
import { stripBasePath } from "../base-path.ts";
import { canonicalPath, urlPathOf, type CanonicalOptions } from "../canonical-url.ts";
import { localizedPath, splitLocalePath } from "../locale.ts";
import {
  PARAM_NAME,
  redirectProblems,
  ruleName,
  type ConditionType,
  type RedirectCondition,
  type RedirectRule,
} from "./config.ts";
import {
  compileDestination,
  compileSource,
  type DestinationPattern,
  type SourcePattern,
} from "./pattern.ts";

export type { RedirectCondition, RedirectRule } from "./config.ts";

/** What a rule is asked about a request. */
export interface RedirectRequest {
  /** The raw path, still percent-encoded. */
  readonly path: string;
  /** The query as received, `?` included, or "". */
  readonly search: string;
  /** A request header, by its lower-case name. */
  header(name: string): string | undefined;
}

export interface Redirect {
  readonly status: 301 | 302 | 303 | 307 | 308;
  readonly location: string;
  /** The rule that answered, by its place in the config. */
  readonly rule: number;
}

/** A request's redirect, if any, and the request headers that decided it (for `Vary`). */
export interface RedirectAnswer {
  readonly redirect: Redirect | null;
  readonly vary: readonly string[];
}

const NO_REDIRECT: RedirectAnswer = { redirect: null, vary: [] };

interface CompiledCondition {
  readonly type: ConditionType;
  readonly key: string;
  readonly value: RegExp | null;
  /** The parameter a value-less condition gives: its key, when that is a name. */
  readonly name: string | null;
}

interface CompiledRule {
  readonly index: number;
  readonly rule: RedirectRule;
  readonly source: SourcePattern;
  readonly destination: DestinationPattern;
  readonly has: readonly CompiledCondition[];
  readonly missing: readonly CompiledCondition[];
  readonly status: Redirect["status"];
}

/** The compiled rules; `redirectFor` asks them. */
export interface Redirects {
  readonly rules: readonly CompiledRule[];
}

function compileCondition(condition: RedirectCondition): CompiledCondition {
  const key = condition.type === "header" ? condition.key!.toLowerCase() : (condition.key ?? "");
  return {
    type: condition.type,
    key,
    value: condition.value === undefined ? null : new RegExp(`^(?:${condition.value})$`),
    name: condition.value === undefined && PARAM_NAME.test(key) ? condition.key! : null,
  };
}

/** Compiles valid rules (checked by `redirectProblems`) in their order: the first match wins. */
export function compileRedirects(rules: readonly RedirectRule[]): Redirects {
  return {
    rules: rules.map((rule, index) => ({
      index,
      rule,
      source: compileSource(rule.source),
      destination: compileDestination(rule.destination),
      has: (rule.has ?? []).map(compileCondition),
      missing: (rule.missing ?? []).map(compileCondition),
      status: rule.statusCode ?? (rule.permanent ? 308 : 307),
    })),
  };
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const pair of (header ?? "").split(";")) {
    const at = pair.indexOf("=");
    if (at !== -1 && pair.slice(0, at).trim() === name) {
      const value = pair.slice(at + 1).trim();
      try {
        return decodeURIComponent(value);
      } catch {
        return value;
      }
    }
  }
  return undefined;
}

/** The value a condition looks at, and the request header it came from (for `Vary`). */
function conditionInput(
  condition: CompiledCondition,
  request: RedirectRequest,
  query: URLSearchParams,
): { value: string | undefined; header: string | null } {
  switch (condition.type) {
    case "header":
      return { value: request.header(condition.key), header: condition.key };
    case "cookie":
      return { value: cookieValue(request.header("cookie"), condition.key), header: "cookie" };
    case "query":
      return { value: query.get(condition.key) ?? undefined, header: null };
    case "host": {
      const host = request.header("host");
      return { value: host?.replace(/:\d+$/, "").toLowerCase(), header: null };
    }
  }
}

/** Whether a condition holds; its parameters go into `params`. */
function holds(
  condition: CompiledCondition,
  input: string | undefined,
  params: Record<string, string | string[]>,
): boolean {
  if (input === undefined) return false;
  if (condition.value === null) {
    if (condition.name) params[condition.name] = input;
    return true;
  }
  const found = condition.value.exec(input);
  if (found === null) return false;
  Object.assign(params, found.groups);
  return true;
}

/**
 * The request's query merged under the destination's own, as Next.js does:
 * the destination's keys win; the rest is passed on as received.
 */
function withQuery(location: string, search: string): string {
  if (search === "" || search === "?") return location;
  const hashAt = location.indexOf("#");
  const hash = hashAt === -1 ? "" : location.slice(hashAt);
  const target = hashAt === -1 ? location : location.slice(0, hashAt);
  const queryAt = target.indexOf("?");
  if (queryAt === -1) return target + search + hash;
  const own = new URLSearchParams(target.slice(queryAt));
  const passed = search
    .slice(1)
    .split("&")
    .filter((pair) => {
      if (pair === "") return false;
      const key = pair.split("=")[0]!;
      let decoded: string;
      try {
        decoded = decodeURIComponent(key.replace(/\+/g, " "));
      } catch {
        return true;
      }
      return !own.has(decoded);
    });
  const joined = passed.length > 0 ? `&${passed.join("&")}` : "";
  return target + joined + hash;
}

/** A path on this site that cannot name another host: `/x`, never `//x` or `/\x`. */
const SAME_SITE_PATH = /^\/(?![/\\])/;

/** A path as rules match it: canonical, without its trailing slash, and split at its locale prefix. */
interface MatchedPath {
  readonly full: string;
  readonly locale: ReturnType<typeof splitLocalePath>;
}

function matchedPath(rawPath: string, options: CanonicalOptions): MatchedPath {
  const canonical = canonicalPath(rawPath, options);
  const full = canonical.length > 1 && canonical.endsWith("/") ? canonical.slice(0, -1) : canonical;
  return { full, locale: splitLocalePath(full) };
}

/**
 * The redirect for a request, if any. Rules are asked in order against the
 * canonical path below the base path (without its trailing slash, under its
 * locale prefix unless a rule says `locale: false`); a rule that says
 * `basePath: false` is asked about the whole path instead, and its destination
 * gets no base path. The first rule whose source matches and whose conditions
 * hold answers.
 */
export function redirectFor(
  redirects: Redirects,
  request: RedirectRequest,
  options: CanonicalOptions,
): RedirectAnswer {
  if (redirects.rules.length === 0) return NO_REDIRECT;
  const inner = stripBasePath(request.path, options.basePath);
  const below = inner === null ? null : matchedPath(inner, options);
  let whole: MatchedPath | null = null;
  let query: URLSearchParams | null = null;
  const vary = new Set<string>();
  for (const compiled of redirects.rules) {
    const byLocale = compiled.rule.locale !== false;
    const underBase = compiled.rule.basePath !== false;
    const path = underBase ? below : (whole ??= matchedPath(request.path, options));
    if (path === null) continue;
    const params = compiled.source.match(byLocale ? path.locale.path : path.full);
    if (params === null) continue;
    query ??= new URLSearchParams(request.search);
    let met = true;
    for (const condition of compiled.has) {
      const { value, header } = conditionInput(condition, request, query);
      if (header) vary.add(header);
      if (!holds(condition, value, params)) met = false;
    }
    for (const condition of compiled.missing) {
      const { value, header } = conditionInput(condition, request, query);
      if (header) vary.add(header);
      if (holds(condition, value, {})) met = false;
    }
    if (!met) continue;
    const filled = compiled.destination.fill(params);
    let location: string;
    if (compiled.destination.origin !== null) {
      location = filled;
    } else {
      const queryAt = filled.search(/[?#]/);
      const target = queryAt === -1 ? filled : filled.slice(0, queryAt);
      const local = byLocale ? localizedPath(path.locale.locale, target) : target;
      const canonical = canonicalPath(local, options);
      location =
        (underBase ? urlPathOf(canonical, options) : canonical) +
        (queryAt === -1 ? "" : filled.slice(queryAt));
      // canonicalPath never gives more, but this is the last word on leaving the site.
      if (!SAME_SITE_PATH.test(location)) continue;
    }
    const redirect = {
      status: compiled.status,
      location: withQuery(location, request.search),
      rule: compiled.index,
    };
    return { redirect, vary: [...vary] };
  }
  return vary.size === 0 ? NO_REDIRECT : { redirect: null, vary: [...vary] };
}

/**
 * Rules that send a request round in a circle (a -> b -> a), found by following
 * each rule's sample path through the rules with no header, cookie or query:
 * rules with conditions are left out, as their loops depend on the request.
 * Each loop is described naming its rules; none for rules that end.
 */
export function redirectLoops(redirects: Redirects, options: CanonicalOptions): string[] {
  const unconditional: Redirects = {
    rules: redirects.rules.filter((r) => r.has.length === 0 && r.missing.length === 0),
  };
  const loops: string[] = [];
  const reported = new Set<string>();
  for (const start of unconditional.rules) {
    const sample = start.source.sample();
    if (sample === null) continue;
    const seen = new Map<string, number>();
    const steps: string[] = [];
    // A request path as the site receives it: below the base path, unless the rule says not.
    const canonical = canonicalPath(sample, options);
    let path = start.rule.basePath === false ? canonical : urlPathOf(canonical, options);
    let looped = false;
    for (;;) {
      seen.set(path, steps.length);
      const { redirect } = redirectFor(
        unconditional,
        { path, search: "", header: () => undefined },
        options,
      );
      if (redirect === null || !SAME_SITE_PATH.test(redirect.location)) break;
      const rule = redirects.rules[redirect.rule]!.rule;
      steps.push(`${ruleName(redirect.rule, rule)} sends ${path} to ${redirect.location}`);
      path = redirect.location.split(/[?#]/)[0]!;
      if (seen.has(path)) {
        looped = true;
        break;
      }
    }
    if (!looped) continue;
    const cycle = steps.slice(seen.get(path));
    const key = [...cycle].sort().join("|");
    if (reported.has(key)) continue;
    reported.add(key);
    loops.push(`redirects loop: ${cycle.join(", then ")}`);
  }
  return loops;
}

/** The rules checked and compiled, for the server's start; throws naming each bad rule or loop. */
export function siteRedirects(value: unknown, options: CanonicalOptions): Redirects {
  const problems = value === undefined ? [] : redirectProblems(value);
  const redirects = problems.length > 0 ? null : compileRedirects((value ?? []) as RedirectRule[]);
  if (redirects) problems.push(...redirectLoops(redirects, options));
  if (problems.length > 0)
    throw new Error(`site.config.ts redirects are not valid:\n- ${problems.join("\n- ")}`);
  return redirects!;
}
