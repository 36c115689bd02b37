/**
 * The path patterns of `redirects` in next.config.js (path-to-regexp 6, as
 * Next.js reads them), compiled to regular expressions, and destinations filled
 * in from what a source matched. Pure: no config, no request.
 *
 * A source is matched case-insensitively, as Next.js does, against a canonical
 * path without its trailing slash; parameters come out percent-decoded, and go
 * back into a destination encoded, so a value can add no segment, query or host.
 */

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

/** A `:name`'s default pattern: one segment. */
const SEGMENT = "[^/#?]+?";
const NAME = /^[A-Za-z0-9_]+/;

interface Token {
  readonly param: Param | null;
  /** The literal text, or the parameter's prefix (`/` or nothing). */
  readonly text: string;
  readonly pattern: string;
  readonly modifier: "" | "?" | "*" | "+";
}

/** Groups a pattern may open: none that captures, which would shift the parameters. */
const NON_CAPTURING = /^\((?:\?:|\?=|\?!|\?<=|\?<!)/;

/** The text of a `(...)` group starting at `start`, and where it ends. */
function readGroup(source: string, start: number): { pattern: string; end: number } {
  let depth = 1;
  let i = start + 1;
  while (i < source.length && depth > 0) {
    const c = source[i]!;
    if (c === "\\") {
      i += 2;
      continue;
    }
    if (c === "(") {
      if (!NON_CAPTURING.test(source.slice(i)))
        throw new PatternError(
          `capturing group at ${i} inside the pattern at ${start}: write "(?:" instead`,
        );
      depth++;
    } else if (c === ")") depth--;
    i++;
  }
  if (depth > 0) throw new PatternError(`unbalanced "(" at ${start}`);
  const pattern = source.slice(start + 1, i - 1);
  if (pattern === "") throw new PatternError(`empty pattern "()" at ${start}`);
  if (pattern.startsWith("?"))
    throw new PatternError(`pattern at ${start} starts with "?": write it as ":name(...)"`);
  return { pattern, end: i };
}

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let text = "";
  let unnamed = 0;
  let i = 0;
  const param = (name: string, pattern: string) => {
    // A `/` just before a parameter is its prefix: `/:slug*` also matches nothing at all.
    const prefix = text.endsWith("/") ? "/" : "";
    if (prefix) text = text.slice(0, -1);
    if (text) tokens.push({ param: null, text, pattern: "", modifier: "" });
    text = "";
    const next = source[i];
    const modifier = next === "?" || next === "*" || next === "+" ? next : "";
    if (modifier) i++;
    const repeat = modifier === "*" || modifier === "+";
    if (tokens.some((t) => t.param?.name === name))
      throw new PatternError(`:${name} appears twice`);
    tokens.push({ param: { name, repeat }, text: prefix, pattern, modifier });
  };
  while (i < source.length) {
    const c = source[i]!;
    if (c === "\\") {
      if (i + 1 >= source.length) throw new PatternError("ends with a lone backslash");
      text += source[i + 1];
      i += 2;
    } else if (c === ":") {
      const name = NAME.exec(source.slice(i + 1))?.[0];
      if (!name) throw new PatternError(`":" at ${i} names no parameter (write ":name")`);
      i += 1 + name.length;
      let pattern = SEGMENT;
      if (source[i] === "(") ({ pattern, end: i } = readGroup(source, i));
      param(name, pattern);
    } else if (c === "(") {
      let pattern: string;
      ({ pattern, end: i } = readGroup(source, i));
      param(String(unnamed++), pattern);
    } else if (c === "?" || c === "*" || c === "+") {
      throw new PatternError(`"${c}" at ${i} follows no parameter (write ":path${c}")`);
    } else if (c === "{" || c === "}") {
      throw new PatternError(`"${c}" at ${i}: groups in braces are not supported`);
    } else {
      text += c;
      i++;
    }
  }
  if (text) tokens.push({ param: null, text, pattern: "", modifier: "" });
  return tokens;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

function tokenRegExp({ param, text, pattern, modifier }: Token): string {
  const prefix = escapeRegExp(text);
  if (param === null) return prefix;
  const one = `(?:${pattern})`;
  switch (modifier) {
    case "":
      return `${prefix}(${one})`;
    case "?":
      return `(?:${prefix}(${one}))?`;
    case "+":
      return `${prefix}(${one}(?:${prefix}${one})*)`;
    case "*":
      return `(?:${prefix}(${one}(?:${prefix}${one})*))?`;
  }
}

function decode(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/** Compiles a `source`; throws PatternError saying what is wrong. */
export function compileSource(source: string): SourcePattern {
  if (!source.startsWith("/")) throw new PatternError(`must start with "/"`);
  const tokens = tokenize(source);
  const params = tokens.flatMap((t) => (t.param ? [t.param] : []));
  let regex: RegExp;
  const own = new Map<string, RegExp>();
  try {
    regex = new RegExp(`^${tokens.map(tokenRegExp).join("")}$`, "i");
    for (const t of tokens)
      if (t.param) own.set(t.param.name, new RegExp(`^(?:${t.pattern})$`, "i"));
  } catch (error) {
    throw new PatternError(`not a valid regular expression: ${(error as Error).message}`);
  }
  return {
    params,
    sample() {
      let path = "";
      for (const token of tokens) {
        path += token.text;
        if (token.param === null) continue;
        const value = SAMPLES.find((v) => own.get(token.param!.name)!.test(v));
        if (value === undefined) return null;
        path += value;
      }
      return regex.test(path) ? path : null;
    },
    match(path) {
      const found = regex.exec(path);
      if (found === null) return null;
      const values: Record<string, string | string[]> = {};
      for (const [i, param] of params.entries()) {
        const raw = found[i + 1];
        if (raw === undefined) continue;
        if (param.repeat) {
          const segments = raw.split("/").map(decode);
          if (segments.includes(null)) return null;
          values[param.name] = segments as string[];
        } else {
          const value = decode(raw);
          if (value === null) return null;
          values[param.name] = value;
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
