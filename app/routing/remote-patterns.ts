/**
 * Which remote images the image optimizer may fetch for the site: next.config
 * `images.remotePatterns` (objects, or URLs as Next.js 15.3 takes them) and
 * `images.domains` (host names, any protocol), read and checked here; the
 * optimizer matches them (server/steps/images/remote-patterns.ts).
 */
import { isObject } from "./is-object.ts";

export interface RemotePattern {
  readonly protocol?: "http" | "https";
  readonly hostname: string;
  /** "" for the protocol's default port. */
  readonly port?: string;
  /** A glob; any path when absent. */
  readonly pathname?: string;
  /** The whole query, `?` included ("" for none); any query when absent. */
  readonly search?: string;
}

const KEYS = ["protocol", "hostname", "port", "pathname", "search"];

/** A URL entry (`new URL("https://cdn.example.com/photos/**")`) as a pattern, as Next.js reads it. */
function patternOfUrl(url: URL): RemotePattern {
  return {
    protocol: url.protocol.replace(/:$/, "") as "http" | "https",
    hostname: url.hostname,
    port: url.port,
    pathname: url.pathname,
    search: url.search,
  };
}

/**
 * `images.remotePatterns` and `images.domains` as one list of patterns (a
 * domain is a pattern with its host name alone), with every problem, each
 * naming its place.
 */
export function remotePatternsOf(
  remotePatterns: unknown,
  domains: unknown,
): { patterns: RemotePattern[]; problems: string[] } {
  const patterns: RemotePattern[] = [];
  const problems: string[] = [];
  if (remotePatterns !== undefined && !Array.isArray(remotePatterns))
    problems.push("images.remotePatterns: must be a list");
  for (const [i, entry] of (Array.isArray(remotePatterns) ? remotePatterns : []).entries()) {
    const at = `images.remotePatterns[${i}]`;
    if (entry instanceof URL) {
      patterns.push(patternOfUrl(entry));
      continue;
    }
    if (!isObject(entry)) {
      problems.push(`${at}: must be { protocol, hostname, port, pathname, search } or a URL`);
      continue;
    }
    const unknown = Object.keys(entry).filter((key) => !KEYS.includes(key));
    if (unknown.length > 0)
      problems.push(`${at}.${unknown[0]}: not a key (known: ${KEYS.join(", ")})`);
    if (typeof entry.hostname !== "string" || entry.hostname === "")
      problems.push(`${at}.hostname: must be a host name, or a glob of one ("**.example.com")`);
    if (entry.protocol !== undefined && entry.protocol !== "http" && entry.protocol !== "https")
      problems.push(`${at}.protocol: must be "http" or "https"`);
    for (const key of ["port", "pathname", "search"] as const) {
      if (entry[key] !== undefined && typeof entry[key] !== "string")
        problems.push(`${at}.${key}: must be a string`);
    }
    patterns.push(entry as unknown as RemotePattern);
  }
  if (domains !== undefined && !Array.isArray(domains))
    problems.push("images.domains: must be a list");
  for (const [i, domain] of (Array.isArray(domains) ? domains : []).entries()) {
    if (typeof domain !== "string" || domain === "")
      problems.push(`images.domains[${i}]: must be a host name`);
    else patterns.push({ hostname: domain, pathname: "**" });
  }
  return { patterns, problems };
}
