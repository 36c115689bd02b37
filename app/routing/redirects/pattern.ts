/**
 * The path patterns of `redirects` in next.config.js, compiled by path-to-regexp
 * 6 as Next.js compiles them, and destinations filled in from what a source
 * matched. Pure: no config, no request. The filling is the shell's own: each
 * value goes in encoded, so that it can add no segment, query or host.
 *
 * A source is matched case-insensitively, as Next.js does, against a canonical
 * path without its trailing slash; parameters come out percent-decoded, and go
 * back into a destination encoded, so a value can add no segment, query or host.
 */

import { parse, tokensToRegexp, type Key, type Token } from "path-to-regexp";

/** A pattern that cannot be used, with what is wrong and where. */
export class PatternError extends Error {}

export interface Param {
  /** Its name: `slug` for `:slug`, `0` for the first unnamed group `(.*)`. */
  readonly name: string;
  /** `*` or `+`: one segment or more, given as an array. */
  readonly repeat: boolean;
}

export interface SourcePattern {
  readonly params: readonly Param[];
  /** Matched values by name, decoded; null when the path does not match. */
  match(path: string): Record<string, string | string[]> | null;
  /** A path it matches, each parameter given a sample value its pattern takes; null if none does. */
  sample(): string | null;
}

/** Values tried for a parameter in a sample path. */
const SAMPLES = ["sample", "1", "a-b"];

function decode(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/**
 * Compiles a `source` with path-to-regexp 6, Next.js's own matcher, as Next.js
 * compiles a redirect's (case-insensitive, strict about a trailing slash);
 * throws PatternError saying what is wrong.
 */
export function compileSource(source: string): SourcePattern {
  if (!source.startsWith("/")) throw new PatternError(`must start with "/"`);
  let tokens: Token[];
  const keys: Key[] = [];
  let regex: RegExp;
  try {
    tokens = parse(source);
    regex = tokensToRegexp(tokens, keys, { sensitive: false, strict: true });
  } catch (error) {
    throw new PatternError((error as Error).message);
  }
  const params = keys.map((key): Param => ({
    name: String(key.name),
    repeat: key.modifier === "*" || key.modifier === "+",
  }));
  const twice = params.find((param, i) => params.findIndex((p) => p.name === param.name) !== i);
  if (twice) throw new PatternError(`:${twice.name} appears twice`);
  return {
    params,
    sample() {
      let path = "";
      for (const token of tokens) {
        if (typeof token === "string") {
          path += token;
          continue;
        }
        // A group of literal text (`{b}`): no parameter.
        if (token.pattern === "") {
          path += token.prefix + token.suffix;
          continue;
        }
        const own = new RegExp(`^(?:${token.pattern})$`, "i");
        const value = SAMPLES.find((v) => own.test(v));
        if (value === undefined) return null;
        path += token.prefix + value + token.suffix;
      }
      return regex.test(path) ? path : null;
    },
    match(path) {
      const found = regex.exec(path);
      if (found === null) return null;
      const values: Record<string, string | string[]> = {};
      for (const [i, key] of keys.entries()) {
        const raw = found[i + 1];
        if (raw === undefined) continue;
        const name = params[i]!.name;
        if (params[i]!.repeat) {
          const segments = raw.split(key.prefix + key.suffix).map(decode);
          if (segments.includes(null)) return null;
          values[name] = segments as string[];
        } else {
          const value = decode(raw);
          if (value === null) return null;
          values[name] = value;
        }
      }
      return values;
    },
  };
}

export interface DestinationPattern {
  /** `https://example.com` as written, or null for a path on this site. */
  readonly origin: string | null;
  /** The parameters it uses. */
  readonly uses: readonly string[];
  /** The destination with `values` filled in, encoded; the origin as written. */
  fill(values: Readonly<Record<string, string | string[] | undefined>>): string;
}

const DESTINATION_PARAM = /:([A-Za-z0-9_]+)[*+?]?/g;
const ORIGIN = /^([a-z][a-z0-9+.-]*:\/\/[^/?#]*)(.*)$/i;

/** Compiles a `destination`: a path (`/news/:slug`), or a URL whose origin is written out. */
export function compileDestination(destination: string): DestinationPattern {
  let origin: string | null = null;
  let rest = destination;
  if (!destination.startsWith("/") || destination.startsWith("//")) {
    const parts = ORIGIN.exec(destination);
    if (parts === null)
      throw new PatternError(`must be a path starting with "/" or a URL such as https://host/path`);
    [, origin, rest] = parts as unknown as [string, string, string];
    const authority = origin.slice(origin.indexOf("//") + 2);
    if (authority.includes("@"))
      throw new PatternError(`${origin}: no user name or password in a redirect`);
    if (/[:(]\D/.test(authority))
      throw new PatternError(`a parameter cannot make the origin: write ${origin} out`);
    let url: URL;
    try {
      url = new URL(origin);
    } catch {
      throw new PatternError(`${origin} is not a URL`);
    }
    if (url.protocol !== "https:" && url.protocol !== "http:")
      throw new PatternError(`${url.protocol} URLs are not redirect targets: use http or https`);
    if (rest !== "" && !/^[/?#]/.test(rest)) throw new PatternError(`${origin} ends badly`);
  }
  const queryAt = rest.search(/[?#]/);
  const path = queryAt === -1 ? rest : rest.slice(0, queryAt);
  const after = queryAt === -1 ? "" : rest.slice(queryAt);
  const uses = [...new Set([...rest.matchAll(DESTINATION_PARAM)].map((m) => m[1]!))];
  const fillPart = (
    part: string,
    values: Readonly<Record<string, string | string[] | undefined>>,
    encode: (segment: string) => string,
  ) =>
    part.replace(DESTINATION_PARAM, (_, name: string) => {
      const value = values[name];
      if (value === undefined) return "";
      return Array.isArray(value) ? value.map(encode).join("/") : encode(value);
    });
  return {
    origin,
    uses,
    fill: (values) =>
      (origin ?? "") +
      fillPart(path, values, encodePathSegment) +
      fillPart(after, values, encodeURIComponent),
  };
}

/** A value as one path segment: anything that could end or add a segment is encoded. */
function encodePathSegment(value: string): string {
  return encodeURIComponent(value).replace(/%(40|3A|2C|3B|3D|2B|24|26)/g, (escaped) =>
    decodeURIComponent(escaped),
  );
}
