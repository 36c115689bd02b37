/**
 * The site's remote image patterns (app/routing/remote-patterns.ts) matched as
 * Next.js matches them (its match-remote-pattern, with the same glob library):
 * the protocol and the port exactly when given, the host name and the path by
 * glob (`*` within a segment, `**` across them), the query exactly when given.
 */
import picomatch from "picomatch";
import type { RemotePattern } from "../../../app/routing/remote-patterns.ts";

/** A matcher for a list of patterns, each glob compiled once. */
export function remotePatternMatcher(patterns: readonly RemotePattern[]): (url: URL) => boolean {
  const compiled = patterns.map((pattern) => ({
    pattern,
    hostname: picomatch.makeRe(pattern.hostname),
    pathname: picomatch.makeRe(pattern.pathname ?? "**", { dot: true }),
  }));
  return (url) =>
    compiled.some(
      ({ pattern, hostname, pathname }) =>
        (pattern.protocol === undefined || `${pattern.protocol}:` === url.protocol) &&
        (pattern.port === undefined || pattern.port === url.port) &&
        hostname.test(url.hostname) &&
        (pattern.search === undefined || pattern.search === url.search) &&
        pathname.test(url.pathname),
    );
}
