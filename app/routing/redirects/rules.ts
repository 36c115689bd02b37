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
import { conditionCaptures, type Condition, type ConditionSubject } from "../conditions.ts";
import { cookiesOf } from "../cookies.ts";
import { canonicalPath, urlPathOf, type CanonicalOptions } from "../canonical-url.ts";
import {
  DEFAULT_LOCALE,
  LOCALE_PREFIXES,
  localizedPath,
  splitLocalePath,
  type Locale,
} from "../locale.ts";
import { redirectProblems, ruleName, type RedirectRule } from "./config.ts";
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
  /** The locale served unprefixed on the request's host (locale.ts `defaultLocaleOn`); the site's when absent. */
  readonly defaultLocale?: Locale;
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

interface CompiledRule {
  readonly index: number;
  readonly rule: RedirectRule;
  readonly source: SourcePattern;
  readonly destination: DestinationPattern;
  readonly has: readonly Condition[];
  readonly missing: readonly Condition[];
  readonly status: Redirect["status"];
}

/** The compiled rules; `redirectFor` asks them. */
export interface Redirects {
  readonly rules: readonly CompiledRule[];
}

/** Compiles valid rules (checked by `redirectProblems`) in their order: the first match wins. */
export function compileRedirects(rules: readonly RedirectRule[]): Redirects {
  return {
    rules: rules.map((rule, index) => ({
      index,
      rule,
      source: compileSource(rule.source),
      destination: compileDestination(rule.destination),
      // Checked by redirectProblems: each names its key, but for a host.
      has: (rule.has ?? []) as readonly Condition[],
      missing: (rule.missing ?? []) as readonly Condition[],
      status: rule.statusCode ?? (rule.permanent ? 308 : 307),
    })),
  };
}

/** What a request's conditions read (app/routing/conditions.ts), each read only when asked. */
function subjectOf(request: RedirectRequest, query: URLSearchParams): ConditionSubject {
  let cookies: Record<string, string> | undefined;
  return {
    header: (name) => request.header(name),
    cookie: (name) => (cookies ??= cookiesOf(request.header("cookie")))[name],
    query: (name) => query.get(name) ?? undefined,
    host: (request.header("host") ?? "").replace(/:\d+$/, "").toLowerCase(),
  };
}

/** The request header a condition reads, which the answer then varies by. */
function varyOf(condition: Condition): string | null {
  if (condition.type === "header") return condition.key.toLowerCase();
  return condition.type === "cookie" ? "cookie" : null;
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

/**
 * A path as rules match it: canonical, without its trailing slash, split at its
 * locale prefix, and (for a `locale: false` rule) spelled with its locale,
 * the default one's too (`/about` as `/en/about`, `/` as `/en`), as Next.js
 * spells a path before it matches any rule; `/_next/` paths as they are.
 */
interface MatchedPath {
  readonly full: string;
  readonly locale: ReturnType<typeof splitLocalePath>;
  readonly withLocale: string;
}

function matchedPath(
  rawPath: string,
  options: CanonicalOptions,
  defaultLocale: Locale,
): MatchedPath {
  const canonical = canonicalPath(rawPath, options);
  const full = canonical.length > 1 && canonical.endsWith("/") ? canonical.slice(0, -1) : canonical;
  const locale = splitLocalePath(full, defaultLocale);
  const unprefixed = LOCALE_PREFIXES && locale.prefix === null && !full.startsWith("/_next/");
  const withLocale = unprefixed ? `/${defaultLocale}${full === "/" ? "" : full}` : full;
  return { full, locale, withLocale };
}

/**
 * The redirect for a request, if any. Rules are asked in order against the
 * canonical path below the base path (without its trailing slash, under its
 * locale prefix unless a rule says `locale: false`, which is asked about the
 * path with its locale, the default one's too); a rule that says
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
  const defaultLocale = request.defaultLocale ?? DEFAULT_LOCALE;
  const below = inner === null ? null : matchedPath(inner, options, defaultLocale);
  let whole: MatchedPath | null = null;
  let query: URLSearchParams | null = null;
  let subject: ConditionSubject | null = null;
  const vary = new Set<string>();
  for (const compiled of redirects.rules) {
    const byLocale = compiled.rule.locale !== false;
    const underBase = compiled.rule.basePath !== false;
    const path = underBase ? below : (whole ??= matchedPath(request.path, options, defaultLocale));
    if (path === null) continue;
    const params = compiled.source.match(byLocale ? path.locale.path : path.withLocale);
    if (params === null) continue;
    query ??= new URLSearchParams(request.search);
    subject ??= subjectOf(request, query);
    let met = true;
    for (const condition of compiled.has) {
      const header = varyOf(condition);
      if (header) vary.add(header);
      const captures = conditionCaptures(condition, subject);
      if (captures === null) met = false;
      else Object.assign(params, captures);
    }
    for (const condition of compiled.missing) {
      const header = varyOf(condition);
      if (header) vary.add(header);
      if (conditionCaptures(condition, subject) !== null) met = false;
    }
    if (!met) continue;
    const filled = compiled.destination.fill(params);
    let location: string;
    if (compiled.destination.origin !== null) {
      location = filled;
    } else {
      const queryAt = filled.search(/[?#]/);
      const target = queryAt === -1 ? filled : filled.slice(0, queryAt);
      const local = byLocale ? localizedPath(path.locale.locale, target, defaultLocale) : target;
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
