/**
 * Compression: which encoding a client gets, and compressing a streamed answer
 * as it streams. Files of the client build are compressed at build time
 * (scripts/precompress.ts) and pages rendered once when they are kept, so
 * neither costs anything per request; only pages and route data rendered per
 * request are compressed on the fly.
 */
import type { OutgoingHttpHeaders, ServerResponse } from "node:http";
import type { Readable } from "node:stream";
import {
  brotliCompressSync,
  constants,
  createBrotliCompress,
  createGzip,
  gzipSync,
  type BrotliCompress,
  type Gzip,
} from "node:zlib";

export type Encoding = "br" | "gzip" | "identity";

/** What this server can send, best first (brotli is smaller at the same cost). */
export const ENCODINGS: readonly Encoding[] = ["br", "gzip"];

/** Smaller bodies are sent as they are: compressing them saves no packet. */
export const MIN_COMPRESSIBLE_BYTES = 1024;

// Settings for answers compressed per request, by measurement on the 4.6 KB
// `/blog/[slug]` page (one core, 2026-11-23): brotli 5 takes it to 1 556 bytes in
// 0.09 ms; 4 costs the same for 1 721 bytes, 6 and up cost more for nothing, 11
// takes 5 ms for 1 405. gzip 6: 1 744 bytes in 0.04 ms. Brotli's window is 256 KiB
// (lgwin 18), not its default 4 MiB: every compressor allocates and clears its
// window and hash tables, which cost more than the compressing itself for a page
// (under load, 32 streams at once, the default took RSS from 357 to 586 MB).
const BROTLI_QUALITY = 5;
const BROTLI_WINDOW_BITS = 18;
const GZIP_LEVEL = 6;

/**
 * An answer whose whole body arrives within one turn of the event loop (a page
 * with no slow data, most route data) is compressed in one call: a compression
 * stream costs a thread-pool round trip per chunk and per flush, 0.3 to 0.9 ms for
 * a small page against 0.1 ms in one call. Above this size it streams anyway, so
 * no single call holds the event loop for long.
 */
const MAX_WHOLE_BYTES = 256 * 1024;

/**
 * The encoding to send, from `Accept-Encoding` (RFC 9110 §12.5.3): the offered
 * coding with the highest q-value, ties going to the order of `offered`;
 * `identity` when the client names none of them, or asks for none.
 */
export function negotiateEncoding(
  acceptEncoding: string | undefined,
  offered: readonly Encoding[] = ENCODINGS,
): Encoding {
  if (!acceptEncoding) return "identity";
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [rawName = "", ...params] = part.split(";");
    const name = rawName.trim().toLowerCase();
    if (name === "") continue;
    let q = 1;
    for (const param of params) {
      const [key, value] = param.split("=").map((s) => s.trim());
      if (key?.toLowerCase() === "q") {
        const parsed = Number(value);
        q = Number.isFinite(parsed) && parsed >= 0 && parsed <= 1 ? parsed : 0;
      }
    }
    weights.set(name, q);
  }
  const wildcard = weights.get("*");
  let best: Encoding = "identity";
  let bestQ = 0;
  for (const coding of offered) {
    const q = weights.get(coding) ?? wildcard ?? 0;
    if (q > bestQ) {
      best = coding;
      bestQ = q;
    }
  }
  return best;
}

/** Types worth compressing: text, and the JSON and script flavours of it. */
export function isCompressible(contentType: string | undefined): boolean {
  if (!contentType) return false;
  const type = contentType.split(";")[0]!.trim().toLowerCase();
  return (
    type.startsWith("text/") ||
    type === "application/json" ||
    type === "application/javascript" ||
    type === "application/manifest+json" ||
    type === "application/xml" ||
    type === "image/svg+xml"
  );
}

/** Whether an answer may be compressed at all, before its size is known. */
export function mayCompress(
  method: string | undefined,
  status: number,
  headers: Headers | OutgoingHttpHeaders,
): boolean {
  const get = (name: string) =>
    headers instanceof Headers ? headers.get(name) : (headers[name] as string | undefined);
  return (
    method !== "HEAD" &&
    status !== 204 &&
    status !== 304 &&
    !get("content-encoding") &&
    !/\bno-transform\b/i.test(get("cache-control") ?? "") &&
    isCompressible(get("content-type") ?? undefined)
  );
}

const brotliParams = (sizeHint: number) => ({
  [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
  [constants.BROTLI_PARAM_LGWIN]: BROTLI_WINDOW_BITS,
  [constants.BROTLI_PARAM_SIZE_HINT]: sizeHint,
});

function streamingCompressor(encoding: "br" | "gzip"): BrotliCompress | Gzip {
  return encoding === "br"
    ? createBrotliCompress({ params: brotliParams(0) })
    : createGzip({ level: GZIP_LEVEL });
}

/** Compresses a whole body in one call, at the same settings as a stream. */
export function compressWhole(body: Buffer, encoding: "br" | "gzip"): Buffer {
  return encoding === "br"
    ? brotliCompressSync(body, { params: brotliParams(body.length) })
    : gzipSync(body, { level: GZIP_LEVEL });
}

/** A copy of Node headers without the given one (any case). */
function without(headers: OutgoingHttpHeaders, name: string): OutgoingHttpHeaders {
  const copy: OutgoingHttpHeaders = {};
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== name && value !== undefined) copy[key] = value;
  }
  return copy;
}

/** The headers of an answer that could be compressed: `Vary` names `Accept-Encoding` too. */
function varyingOnEncoding(res: ServerResponse, headers: OutgoingHttpHeaders): OutgoingHttpHeaders {
  // What an earlier step said the answer varies on (`/`: the locale's headers) stays.
  const earlier = [res.getHeader("vary"), headers.vary ?? headers.Vary].filter(Boolean).join(", ");
  return { ...without(headers, "vary"), Vary: vary({ vary: earlier }, "Accept-Encoding") };
}

/**
 * Writes a streamed answer. The chunks that arrive within the first turn of the
 * event loop are held: when the source ends in that turn, the body is sent whole,
 * in one write with its length, compressed in one call when there is an
 * `encoding` to compress with and it is at least MIN_COMPRESSIBLE_BYTES.
 * Otherwise (a page still waiting for slow data, or one over MAX_WHOLE_BYTES) it
 * streams, compressed as it goes, each chunk the source writes flushed through
 * the compressor at once, so the shell still arrives before the slower parts.
 * With an `encoding` (the answer could be compressed), it says
 * `Vary: Accept-Encoding` whatever the client got. Resolves once the response is
 * closed; a client that hangs up, before or during the call, destroys the source.
 */
export function sendStream(
  res: ServerResponse,
  status: number,
  headers: OutgoingHttpHeaders,
  source: Readable,
  encoding: Encoding | null,
): Promise<void> {
  return new Promise((resolve) => {
    const closed = () => {
      if (!res.writableFinished) source.destroy();
      resolve();
    };
    // The client may hang up while the page renders: "close" is then already past.
    if (res.destroyed) return closed();
    res.once("close", closed);
    source.once("error", () => res.destroy());
    const compressWith = encoding === null || encoding === "identity" ? null : encoding;
    const sent = without(
      encoding === null ? headers : varyingOnEncoding(res, headers),
      "content-length",
    );

    // Hold what arrives in this turn of the event loop: the whole body, often.
    const held: Buffer[] = [];
    let heldBytes = 0;
    let started = false;
    const stream = () => {
      started = true;
      source.off("data", hold);
      source.off("end", sendWhole);
      if (compressWith === null) {
        res.writeHead(status, sent);
        for (const chunk of held) res.write(chunk);
        source.pipe(res);
        return;
      }
      const compressor = streamingCompressor(compressWith);
      compressor.once("error", () => res.destroy());
      res.writeHead(status, { ...sent, "Content-Encoding": compressWith });
      compressor.pipe(res);
      for (const chunk of held) compressor.write(chunk);
      compressor.flush();
      source.on("data", (chunk: Buffer) => {
        if (!compressor.write(chunk)) {
          source.pause();
          compressor.once("drain", () => source.resume());
        }
        compressor.flush();
      });
      source.once("end", () => compressor.end());
    };
    const sendWhole = () => {
      started = true;
      source.off("data", hold);
      const whole = held.length === 1 ? held[0]! : Buffer.concat(held, heldBytes);
      writeWhole(res, status, sent, whole, compressWith);
    };
    const hold = (chunk: Buffer) => {
      held.push(chunk);
      heldBytes += chunk.length;
      if (heldBytes > MAX_WHOLE_BYTES) stream();
      else if (held.length === 1) {
        // More may follow in this turn of the event loop; after it, the client
        // should not wait for bytes we already have.
        setImmediate(() => {
          if (!started) stream();
        });
      }
    };
    source.on("data", hold);
    source.once("end", sendWhole);
  });
}

/** `whole` in one write with its length, compressed in one call when worth it. */
function writeWhole(
  res: ServerResponse,
  status: number,
  sent: OutgoingHttpHeaders,
  whole: Buffer,
  compressWith: "br" | "gzip" | null,
): void {
  const compress = compressWith !== null && whole.length >= MIN_COMPRESSIBLE_BYTES;
  const body = compress ? compressWhole(whole, compressWith) : whole;
  res.writeHead(status, {
    ...sent,
    ...(compress ? { "Content-Encoding": compressWith } : {}),
    "Content-Length": body.length,
  });
  res.end(body);
}

/**
 * Writes an answer that is all there, as `sendStream` writes a source that
 * ends in its first turn: in one write with its length, compressed in one call
 * when there is an `encoding` and it is at least MIN_COMPRESSIBLE_BYTES, and
 * with `Vary: Accept-Encoding` whenever there is an `encoding`. Resolves once
 * the response is closed.
 */
export function sendBody(
  res: ServerResponse,
  status: number,
  headers: OutgoingHttpHeaders,
  body: Buffer,
  encoding: Encoding | null,
): Promise<void> {
  return new Promise((resolve) => {
    if (res.destroyed) return resolve();
    res.once("close", () => resolve());
    const compressWith = encoding === null || encoding === "identity" ? null : encoding;
    const sent = without(
      encoding === null ? headers : varyingOnEncoding(res, headers),
      "content-length",
    );
    writeWhole(res, status, sent, body, compressWith);
  });
}

/** Adds a field to a `Vary` header, keeping what is there. */
export function vary(headers: OutgoingHttpHeaders, field: string): string {
  const current = headers.vary ?? headers.Vary;
  const value = Array.isArray(current) ? current.join(", ") : current?.toString();
  if (!value) return field;
  return value.split(",").some((f) => f.trim().toLowerCase() === field.toLowerCase())
    ? value
    : `${value}, ${field}`;
}
