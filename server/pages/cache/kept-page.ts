/**
 * A page rendered once, as every tier keeps it: in memory as objects, and in
 * the shared cache as one buffer (encodeKeptPage / decodeKeptPage). A buffer
 * that does not decode, or that another build wrote, is no page at all: the
 * caller renders instead.
 */
import type { Encoding } from "../compression.ts";

/** One encoding of a kept page, with the headers to answer it and to answer 304. */
export interface Representation {
  readonly body: Buffer;
  readonly etag: string;
  readonly headers: Readonly<Record<string, string | number>>;
  readonly notModifiedHeaders: Readonly<Record<string, string>>;
}

/** A page rendered once, with everything needed to answer it without rendering, in each encoding. */
export interface KeptPage {
  readonly status: number;
  readonly routePattern: string | undefined;
  readonly identity: Representation;
  /** Compressed when kept, at the highest settings: paid once, not per request. */
  readonly encoded: ReadonlyMap<Encoding, Representation>;
  /** When it was rendered (ms since the epoch): its `Age`. */
  readonly renderedAt: number;
  /** Its route's `revalidate`, in ms; null: kept until evicted. */
  readonly revalidateMs: number | null;
  /** When the next request should render it again: a try per interval, failed or not. */
  staleAt: number;
  /** Its path and query, and its routes' tags: what on-demand revalidation matches. */
  readonly target: string;
  readonly tags: readonly string[];
}

/** The bytes a kept page holds: what the memory tier is bounded by. */
export const bodyBytes = (page: KeptPage) =>
  [page.identity, ...page.encoded.values()].reduce((sum, r) => sum + r.body.length, 0);

// The layout of an encoded page: the length of its description (4 bytes, big-endian),
// the description as JSON, then the bodies it lists, one after another.
const FORMAT = 1;
const ENCODINGS: readonly Encoding[] = ["identity", "br", "gzip"];

interface Description {
  readonly format: typeof FORMAT;
  readonly build: string;
  readonly status: number;
  readonly routePattern: string | null;
  readonly renderedAt: number;
  readonly revalidateMs: number | null;
  readonly target: string;
  readonly tags: readonly string[];
  readonly representations: readonly (Omit<Representation, "body"> & {
    readonly encoding: Encoding;
    readonly bytes: number;
  })[];
}

/** The page as one buffer, marked with the build that rendered it. */
export function encodeKeptPage(page: KeptPage, build: string): Buffer {
  const all = [["identity", page.identity] as const, ...page.encoded];
  const description: Description = {
    format: FORMAT,
    build,
    status: page.status,
    routePattern: page.routePattern ?? null,
    renderedAt: page.renderedAt,
    revalidateMs: page.revalidateMs,
    target: page.target,
    tags: page.tags,
    representations: all.map(([encoding, { etag, headers, notModifiedHeaders, body }]) => ({
      encoding,
      etag,
      headers,
      notModifiedHeaders,
      bytes: body.length,
    })),
  };
  const json = Buffer.from(JSON.stringify(description));
  const length = Buffer.alloc(4);
  length.writeUInt32BE(json.length);
  return Buffer.concat([length, json, ...all.map(([, r]) => r.body)]);
}

const isRecordOf = (value: unknown, type: "string" | "string|number") =>
  typeof value === "object" &&
  value !== null &&
  !Array.isArray(value) &&
  Object.values(value).every(
    (v) => typeof v === "string" || (type === "string|number" && typeof v === "number"),
  );

/**
 * The page `bytes` hold, if they hold one this build wrote; null for anything
 * else, whatever it is: it never throws, so a request never fails on what a
 * shared cache holds. Another replica's clock may be ahead of ours: a page is never fresh here
 * for longer than its interval from `now`.
 */
export function decodeKeptPage(bytes: Buffer, build: string, now = Date.now()): KeptPage | null {
  if (bytes.length < 4) return null;
  const jsonLength = bytes.readUInt32BE(0);
  if (4 + jsonLength > bytes.length) return null;
  let d: Description;
  try {
    d = JSON.parse(bytes.subarray(4, 4 + jsonLength).toString("utf8")) as Description;
  } catch {
    return null;
  }
  const valid =
    typeof d === "object" &&
    d !== null &&
    d.format === FORMAT &&
    d.build === build &&
    Number.isInteger(d.status) &&
    d.status >= 200 &&
    d.status <= 599 &&
    (d.routePattern === null || typeof d.routePattern === "string") &&
    Number.isFinite(d.renderedAt) &&
    (d.revalidateMs === null || (Number.isFinite(d.revalidateMs) && d.revalidateMs > 0)) &&
    typeof d.target === "string" &&
    Array.isArray(d.tags) &&
    d.tags.every((tag) => typeof tag === "string") &&
    Array.isArray(d.representations) &&
    d.representations.every(
      (r) =>
        typeof r === "object" &&
        r !== null &&
        ENCODINGS.includes(r.encoding) &&
        typeof r.etag === "string" &&
        isRecordOf(r.headers, "string|number") &&
        isRecordOf(r.notModifiedHeaders, "string") &&
        Number.isInteger(r.bytes) &&
        r.bytes >= 0,
    ) &&
    d.representations[0]?.encoding === "identity" &&
    4 + jsonLength + d.representations.reduce((sum, r) => sum + r.bytes, 0) === bytes.length;
  if (!valid) return null;
  let at = 4 + jsonLength;
  const representations = d.representations.map(({ encoding, bytes: size, ...rest }) => {
    const body = bytes.subarray(at, (at += size));
    return [encoding, { ...rest, body }] as const;
  });
  return {
    status: d.status,
    routePattern: d.routePattern ?? undefined,
    identity: representations[0]![1],
    encoded: new Map(representations.slice(1)),
    renderedAt: d.renderedAt,
    revalidateMs: d.revalidateMs,
    staleAt: d.revalidateMs === null ? Infinity : Math.min(d.renderedAt, now) + d.revalidateMs,
    target: d.target,
    tags: d.tags,
  };
}

/**
 * What a request at `now` makes of a kept page: the `Age` to send (none for a
 * page kept until evicted; never negative, whatever another replica's clock
 * said), and whether this request starts its revalidation. One try per
 * interval, failed or not: the caller moves `staleAt` a full interval on.
 */
export function freshness(
  page: Pick<KeptPage, "renderedAt" | "revalidateMs" | "staleAt">,
  now: number,
): { readonly age: number | null; readonly revalidate: boolean } {
  if (page.revalidateMs === null) return { age: null, revalidate: false };
  return {
    age: Math.max(0, Math.floor((now - page.renderedAt) / 1000)),
    revalidate: now >= page.staleAt,
  };
}
