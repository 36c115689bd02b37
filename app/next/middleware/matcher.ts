/**
 * Which requests a site's middleware runs for: its `config.matcher`, read as
 * Next.js reads it. Each source is a path-to-regexp 6 pattern (Next.js's own
 * matcher) of the page's path. With i18n the path always names its locale, the
 * default one included (`/about` is matched as `/en/about`), and a source is
 * matched below any locale unless it says `locale: false`; the base path comes
 * first. A data request (`/_next/data/<build>/<locale>/about.json`) is matched
 * as the page it is for. Without a matcher, the middleware runs for every
 * request that reaches it.
 *
 * The server runs it; the browser asks it whether a click must go past the
 * server's middleware (app/next/page/client.tsx).
 */
import { pathToRegexp } from "path-to-regexp";
import {
  conditionsMet,
  ruleConditionProblems,
  type Condition,
  type ConditionSubject,
} from "../../routing/conditions.ts";

export interface MatcherEntry {
  readonly source: string;
  readonly locale?: false;
  readonly has?: readonly Condition[];
  readonly missing?: readonly Condition[];
}

/** One entry, compiled. */
export interface CompiledMatcher {
  readonly regexp: RegExp;
  readonly has?: readonly Condition[];
  readonly missing?: readonly Condition[];
}

import type { MatcherSite } from "./matched-path.ts";
export { matchedPath, type MatcherSite } from "./matched-path.ts";

/**
 * `config.matcher` as entries, or `{ problem }` naming what is wrong. `where`
 * names the file in the message.
 */
export function matcherEntries(
  matcher: unknown,
  where: string,
): readonly MatcherEntry[] | null | { problem: string } {
  if (matcher === undefined) return null;
  const list = typeof matcher === "string" || !Array.isArray(matcher) ? [matcher] : matcher;
  const entries: MatcherEntry[] = [];
  for (const [index, item] of list.entries()) {
    const at = `${where}: config.matcher${Array.isArray(matcher) ? `[${index}]` : ""}`;
    const entry = (typeof item === "string" ? { source: item } : item) as Record<string, unknown>;
    if (typeof entry !== "object" || entry === null || typeof entry.source !== "string") {
      return {
        problem: `${at} must be a path ("/about/:path*") or { source, has, missing, locale }`,
      };
    }
    if (!entry.source.startsWith("/")) {
      return { problem: `${at}: "${entry.source}" must start with "/"` };
    }
    if (entry.locale !== undefined && entry.locale !== false) {
      return { problem: `${at}.locale may only be false` };
    }
    const [problem] = ruleConditionProblems(entry, at);
    if (problem !== undefined) return { problem };
    try {
      pathToRegexp(entry.source);
    } catch (error) {
      return {
        problem: `${at}: "${entry.source}" is not a path pattern: ${(error as Error).message}`,
      };
    }
    entries.push(entry as unknown as MatcherEntry);
  }
  return entries;
}

/** Compiles the entries for a site; null entries (no matcher): every path. */
export function compileMatcher(
  entries: readonly MatcherEntry[] | null,
  site: MatcherSite,
): readonly CompiledMatcher[] | null {
  if (entries === null) return null;
  return entries.map((entry) => {
    const root = entry.source === "/";
    const localized = site.i18n && entry.locale !== false;
    // The root matches its index too (`/index`), as Next.js compiles a root matcher.
    const page = root ? "{/index}?" : entry.source;
    const source = localized ? `/:nextInternalLocale([^/.]+)${page}` : page;
    return {
      regexp: pathToRegexp(site.basePath + source, [], { strict: false }),
      ...(entry.has && { has: entry.has }),
      ...(entry.missing && { missing: entry.missing }),
    };
  });
}

/** Whether the middleware runs for this path (see matchedPath) and request; null: may it (the browser's question). */
export function matcherMatches(
  matchers: readonly CompiledMatcher[] | null,
  path: string,
  subject: ConditionSubject | null,
): boolean {
  if (matchers === null) return true;
  return matchers.some(
    (matcher) =>
      matcher.regexp.test(path) &&
      // The browser cannot read every condition: it asks the server whenever the path matches.
      (subject === null || conditionsMet(matcher.has, matcher.missing, subject)),
  );
}
