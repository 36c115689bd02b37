/**
 * The site's `rewrites()` (next.config.js) as Next.js applies them: a request
 * is served by another path of the site while the browser keeps its URL.
 *
 * The phases are asked in Next.js's order, around what the site serves:
 * `beforeFiles`, then the public files and the pages without parameters,
 * `afterFiles`, then the dynamic pages, `fallback`, then the 404. A rule whose
 * source matches (and whose `has` and `missing` conditions hold) replaces the
 * path; once the new path is something the site serves, it is served, else the
 * rules after it are asked with the new path, as Next.js chains them.
 *
 * A destination names the source's parameters and the conditions' captures
 * (`:slug`) in its path and its query; when its path names none of them, they
 * are added to its query. The request's query is kept, under the destination's.
 */
import { conditionCaptures, type ConditionSubject } from "./conditions.ts";
import { externalOriginOf, type RewritePhases, type RewriteRule } from "./rewrite-config.ts";
import {
  compiledPath,
  flatParams,
  LOCALE_PARAM,
  patternParams,
  prefixedPattern,
  sourceMatcher,
  substituted,
  type RuleParams,
  type RuleSite,
} from "./rule-pattern.ts";

export type { RewritePhases, RewriteRule } from "./rewrite-config.ts";

/**
 * What the site serves at a path (as `matchedPath` spells it): a public file,
 * a page without parameters (an API route too), a dynamic one, or nothing.
 */
export type PathKind = "file" | "page" | "dynamic" | "external" | null;

/** A path (as `matchedPath` spells it, percent-encoded) and its query (`?` included, or ""). */
export interface Target {
  readonly path: string;
  readonly search: string;
  /** Another site's origin (`https://docs.example.com`) the path is on, which the server proxies to. */
  readonly origin?: string;
}

interface CompiledRewrite {
  readonly rule: RewriteRule;
  readonly match: (path: string) => RuleParams | null;
  readonly destinationPath: (params: RuleParams) => string;
  /** The parameters the destination's path names. */
  readonly inPath: ReadonlySet<string>;
  /** The destination's query, its values still naming parameters. */
  readonly query: readonly [string, string][];
  /** The other site's origin, for a destination there; its path is then the other site's, unprefixed. */
  readonly origin: string | null;
}

export interface CompiledRewrites {
  readonly beforeFiles: readonly CompiledRewrite[];
  readonly afterFiles: readonly CompiledRewrite[];
  readonly fallback: readonly CompiledRewrite[];
}

function compileRule(rule: RewriteRule, site: RuleSite, what: string): CompiledRewrite {
  const origin = externalOriginOf(rule.destination);
  const [pathAndQuery = ""] = rule.destination.slice(origin?.length ?? 0).split("#");
  const queryAt = pathAndQuery.indexOf("?");
  const path = (queryAt === -1 ? pathAndQuery : pathAndQuery.slice(0, queryAt)) || "/";
  const query = queryAt === -1 ? "" : pathAndQuery.slice(queryAt + 1);
  // Another site's path is its own: no base path or locale of this one.
  const pattern = origin === null ? prefixedPattern(path, rule, site) : path;
  return {
    origin,
    rule,
    match: sourceMatcher(rule, site, what),
    destinationPath: compiledPath(pattern, `${what}: the destination`),
    inPath: new Set(patternParams(pattern)),
    query: [...new URLSearchParams(query)],
  };
}

/** Compiles every rule; throws naming the first whose source or destination path-to-regexp does not read. */
export function compileRewrites(phases: RewritePhases, site: RuleSite): CompiledRewrites {
  const compilePhase = (name: keyof RewritePhases) =>
    phases[name].map((rule, i) => compileRule(rule, site, `rewrites.${name}[${i}]`));
  return {
    beforeFiles: compilePhase("beforeFiles"),
    afterFiles: compilePhase("afterFiles"),
    fallback: compilePhase("fallback"),
  };
}

export function hasRewrites(rewrites: CompiledRewrites): boolean {
  return rewrites.beforeFiles.length + rewrites.afterFiles.length + rewrites.fallback.length > 0;
}

/** A query string's values by name, in order, a repeated name's together. */
function queryOf(search: string): Map<string, string[]> {
  const query = new Map<string, string[]>();
  for (const [name, value] of new URLSearchParams(search)) {
    const values = query.get(name);
    if (values) values.push(value);
    else query.set(name, [value]);
  }
  return query;
}

function searchOf(query: Map<string, string[]>): string {
  const pairs = [...query].flatMap(([name, values]) =>
    values.map((value) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`),
  );
  return pairs.length === 0 ? "" : `?${pairs.join("&")}`;
}

/** Where a matched rule leads: its destination filled in, the request's query under its own. */
function destinationOf(compiled: CompiledRewrite, params: RuleParams, search: string): Target {
  const flat = flatParams(params);
  const destinationQuery = new Map<string, string[]>();
  for (const [name, value] of compiled.query) {
    const values = destinationQuery.get(name) ?? [];
    values.push(substituted(value, flat));
    destinationQuery.set(name, values);
  }
  const names = Object.keys(params).filter((name) => name !== LOCALE_PARAM);
  // Parameters the path does not name go on in the query, as Next.js passes them.
  if (!names.some((name) => compiled.inPath.has(name))) {
    for (const name of names) {
      if (destinationQuery.has(name)) continue;
      const value = params[name]!;
      destinationQuery.set(name, Array.isArray(value) ? value : [value]);
    }
  }
  const query = queryOf(search);
  for (const [name, values] of destinationQuery) query.set(name, values);
  const target = { path: compiled.destinationPath(params), search: searchOf(query) };
  return compiled.origin === null ? target : { ...target, origin: compiled.origin };
}

/** The rule's parameters for this request with its conditions' captures, or null when it does not apply. */
function applies(
  compiled: CompiledRewrite,
  path: string,
  subject: ConditionSubject,
): RuleParams | null {
  const params = compiled.match(path);
  if (params === null) return null;
  const all: RuleParams = { ...params };
  for (const condition of compiled.rule.has ?? []) {
    const captures = conditionCaptures(condition, subject);
    if (captures === null) return null;
    Object.assign(all, captures);
  }
  for (const condition of compiled.rule.missing ?? []) {
    if (conditionCaptures(condition, subject) !== null) return null;
  }
  return all;
}

/**
 * What serves a request: the target the rewrites lead to, with what the site
 * serves there; or null when no rule applies (the request is served as asked).
 * `kind` tells what the site serves at a path.
 */
export function rewriteTarget(
  rewrites: CompiledRewrites,
  asked: Target,
  subject: ConditionSubject,
  kind: (path: string) => PathKind,
): { target: Target; kind: PathKind } | null {
  let current = asked;
  let rewritten = false;
  /** Asks a phase's rules in order: what is served once a destination is something, else null. */
  const ask = (rules: readonly CompiledRewrite[]): PathKind => {
    for (const rule of rules) {
      const params = applies(rule, current.path, subject);
      if (params === null) continue;
      current = destinationOf(rule, params, current.search);
      rewritten = true;
      // Another site's path ends the rewrites, as in Next.js: it is proxied as it is.
      if (current.origin !== undefined) return "external";
      const served = kind(current.path);
      if (served !== null) return served;
    }
    return null;
  };
  const done = (served: PathKind) => (rewritten ? { target: current, kind: served } : null);

  const before = ask(rewrites.beforeFiles);
  if (before !== null) return done(before);
  if (rewrites.afterFiles.length === 0 && rewrites.fallback.length === 0) return done(null);
  const here = kind(current.path);
  if (here === "file" || here === "page") return done(here);
  const atFiles = current;
  const after = ask(rewrites.afterFiles);
  if (after !== null) return done(after);
  // An afterFiles destination that is nothing leaves no dynamic page to serve.
  if (here === "dynamic" && current === atFiles) return done("dynamic");
  return done(ask(rewrites.fallback));
}
