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
  constants,
  createBrotliCompress,
  createGzip,
  type BrotliCompress,
  type Gzip,
} from "node:zlib";

export type Encoding = "br" | "gzip" | "identity";

/** What this server can send, best first (brotli is smaller at the same cost). */
export const ENCODINGS: readonly Encoding[] = ["br", "gzip"];

/** Smaller bodies are sent as they are: compressing them saves no packet. */
export const MIN_COMPRESSIBLE_BYTES = 1024;

// Settings for answers compressed as they stream, by measurement on the 4.6 KB
// `/blog/[slug]` page (one core, 2026-11-23): brotli 5 takes it to 1 556 bytes in
// 0.09 ms; 4 costs the same for 1 721 bytes, 6 and up cost more for nothing, 11
// takes 5 ms for 1 405. gzip 6: 1 744 bytes in 0.04 ms.
const STREAMING_BROTLI_QUALITY = 5;
const STREAMING_GZIP_LEVEL = 6;

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

function streamingCompressor(encoding: "br" | "gzip"): BrotliCompress | Gzip {
  return encoding === "br"
    ? createBrotliCompress({
        params: { [constants.BROTLI_PARAM_QUALITY]: STREAMING_BROTLI_QUALITY },
      })
    : createGzip({ level: STREAMING_GZIP_LEVEL });
}

/** A copy of Node headers without the given one (any case). */
function without(headers: OutgoingHttpHeaders, name: string): OutgoingHttpHeaders {
  const copy: OutgoingHttpHeaders = {};
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== name && value !== undefined) copy[key] = value;
  }
  return copy;
}

/**
 * Writes a streamed answer. With an `encoding` (the answer could be compressed:
 * it says `Vary: Accept-Encoding` whatever the client got), it is compressed
 * unless it turns out small: ended, under MIN_COMPRESSIBLE_BYTES, within its
 * first turn of the event loop. Each chunk the source writes is flushed through
 * the compressor at once, so a streamed page's shell still arrives before its
 * slower parts. Resolves once the response is closed; a client that hangs up
 * destroys the source.
 */
export function sendStream(
  res: ServerResponse,
  status: number,
  headers: OutgoingHttpHeaders,
  source: Readable,
  encoding: Encoding | null,
): Promise<void> {
  return new Promise((resolve) => {
    res.once("close", () => {
      if (!res.writableFinished) source.destroy();
      resolve();
    });
    source.once("error", () => res.destroy());
    if (encoding === null) {
      res.writeHead(status, headers);
      source.pipe(res);
      return;
    }
    // What an earlier step said the answer varies on (`/`: the locale's headers) stays.
    const earlier = [res.getHeader("vary"), headers.vary ?? headers.Vary]
      .filter(Boolean)
      .join(", ");
    const varied = {
      ...without(headers, "vary"),
      Vary: vary({ vary: earlier }, "Accept-Encoding"),
    };
    if (encoding === "identity") {
      res.writeHead(status, varied);
      source.pipe(res);
      return;
    }
    // Hold the first chunks until they are worth compressing or the source ends.
    const held: Buffer[] = [];
    let heldBytes = 0;
    let started = false;
    const compress = () => {
      started = true;
      source.off("data", hold);
      source.off("end", sendSmall);
      const compressor = streamingCompressor(encoding);
      compressor.once("error", () => res.destroy());
      res.writeHead(status, { ...without(varied, "content-length"), "Content-Encoding": encoding });
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
    const sendSmall = () => {
      source.off("data", hold);
      const body = Buffer.concat(held);
      res.writeHead(status, {
        ...without(varied, "content-length"),
        "Content-Length": body.length,
      });
      res.end(body);
    };
    const hold = (chunk: Buffer) => {
      held.push(chunk);
      heldBytes += chunk.length;
      if (heldBytes >= MIN_COMPRESSIBLE_BYTES) compress();
      else if (held.length === 1) {
        // More may follow in this turn of the event loop; after it, the client
        // should not wait for bytes we already have.
        setImmediate(() => {
          if (!started && !source.readableEnded) compress();
        });
      }
    };
    source.on("data", hold);
    source.once("end", sendSmall);
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
