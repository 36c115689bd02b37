/**
 * An API route's request body, read as Next.js reads it: its size limit
 * (`config.api.bodyParser.sizeLimit`, 1 MB by default), and its parsing by
 * content type. Pure functions of the config and the bytes; the step
 * (step.ts) reads the stream.
 */

/** The limit when a route sets none: Next.js's. */
export const DEFAULT_SIZE_LIMIT = "1mb";

const UNITS: Readonly<Record<string, number>> = {
  b: 1,
  kb: 1024,
  mb: 1024 ** 2,
  gb: 1024 ** 3,
  tb: 1024 ** 4,
  pb: 1024 ** 5,
};

/**
 * A size as Next.js reads `sizeLimit`: bytes as a number, or a string such as
 * `"500kb"`, `"1mb"`, `"1.5 MB"` (binary units: 1 kb is 1024 bytes) or `"2048"`.
 * Null for anything else.
 */
export function parseSize(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) && value >= 0 ? value : null;
  if (typeof value !== "string") return null;
  const match = /^\s*(\d+(?:\.\d+)?)\s*(b|kb|mb|gb|tb|pb)?\s*$/i.exec(value);
  if (!match) return null;
  return Math.floor(Number(match[1]) * UNITS[(match[2] ?? "b").toLowerCase()]!);
}

/** How a route has its body read: not at all, or parsed up to a limit. */
export type BodyParsing =
  | { readonly parse: false }
  | {
      readonly parse: true;
      readonly limitBytes: number;
      /** The limit as the route wrote it, for the 413's message (Next.js's words). */
      readonly limit: string | number;
    };

/** A route's body parsing from its `config`, or what is wrong with the config. */
export function bodyParsingOf(config: unknown): BodyParsing | { readonly problem: string } {
  const api = (config as { api?: { bodyParser?: unknown } } | undefined)?.api;
  const bodyParser = api?.bodyParser;
  if (bodyParser === false) return { parse: false };
  if (bodyParser === undefined || bodyParser === true) {
    return { parse: true, limitBytes: parseSize(DEFAULT_SIZE_LIMIT)!, limit: DEFAULT_SIZE_LIMIT };
  }
  if (typeof bodyParser !== "object" || bodyParser === null) {
    return { problem: "config.api.bodyParser must be false or { sizeLimit }" };
  }
  const limit = (bodyParser as { sizeLimit?: unknown }).sizeLimit ?? DEFAULT_SIZE_LIMIT;
  const limitBytes = parseSize(limit);
  if (limitBytes === null || (typeof limit !== "string" && typeof limit !== "number")) {
    return {
      problem: `config.api.bodyParser.sizeLimit ${JSON.stringify(limit)} is not a size ("500kb", "1mb", or bytes)`,
    };
  }
  return { parse: true, limitBytes, limit };
}

/** A refusal of the body, as Next.js words it: a 400 or a 413, its message the answer's text. */
export class BodyError extends Error {
  readonly status: 400 | 413;
  constructor(status: 400 | 413, message: string) {
    super(message);
    this.name = "BodyError";
    this.status = status;
  }
}

export const tooLarge = (limit: string | number) =>
  new BodyError(413, `Body exceeded ${limit} limit`);

/** A Content-Type header's type (lower case) and charset; `text/plain` when absent or unreadable. */
export function contentTypeOf(header: string | undefined): { type: string; charset: string } {
  const [type = "", ...parameters] = (header ?? "").split(";");
  const essence = type.trim().toLowerCase();
  if (!/^[\w!#$&^.+-]+\/[\w!#$&^.+-]+$/.test(essence))
    return { type: "text/plain", charset: "utf-8" };
  let charset = "utf-8";
  for (const parameter of parameters) {
    const [name, value] = parameter.split("=", 2).map((part) => part.trim());
    if (name?.toLowerCase() === "charset" && value) charset = value.replace(/^"(.*)"$/, "$1");
  }
  return { type: essence, charset };
}

/**
 * The body as the handler gets it, by its content type: JSON (`{}` when empty),
 * a form as an object (a repeated name as an array), anything else as text in
 * its charset. Throws a BodyError (400) for JSON that does not parse or a
 * charset there is no decoder for.
 */
export function parseBody(bytes: Uint8Array, contentType: string | undefined): unknown {
  const { type, charset } = contentTypeOf(contentType);
  let text: string;
  try {
    text = new TextDecoder(charset).decode(bytes);
  } catch {
    throw new BodyError(400, "Invalid body");
  }
  if (type === "application/json" || type === "application/ld+json") {
    if (text.length === 0) return {};
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new BodyError(400, "Invalid JSON");
    }
  }
  if (type === "application/x-www-form-urlencoded") return formOf(text);
  return text;
}

/** A form body as Node's `querystring.decode` gives it: a repeated name as an array, in order. */
function formOf(text: string): Record<string, string | string[]> {
  const form: Record<string, string | string[]> = Object.create(null) as Record<
    string,
    string | string[]
  >;
  for (const [name, value] of new URLSearchParams(text)) {
    const seen = form[name];
    form[name] =
      seen === undefined ? value : Array.isArray(seen) ? [...seen, value] : [seen, value];
  }
  return form;
}
