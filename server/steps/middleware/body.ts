/**
 * A request's body for the middleware, kept for what comes after it: the page
 * or API route reads the same body again, as under Next.js, which clones it.
 * Nothing is read unless the middleware reads it (`request.text()`,
 * `.json()`, `.formData()`); then what it read and the rest are kept, at most
 * MIDDLEWARE_BODY_MAX_BYTES, Next.js's default `middlewareClientMaxBodySize`.
 */
import type { IncomingMessage } from "node:http";
import { Readable } from "node:stream";

/** 10 MiB, as Next.js's `middlewareClientMaxBodySize` defaults. */
export const MIDDLEWARE_BODY_MAX_BYTES = 10 * 1024 * 1024;

export interface MiddlewareBody {
  /** The body as the middleware's `Request` holds it; null for a request with none. */
  readonly stream: ReadableStream<Uint8Array> | null;
  /**
   * After the middleware: the request for the steps that follow, its body
   * whole again (the request itself if the middleware read nothing); null if
   * the body is over the cap, which the caller answers with 413.
   */
  afterwards(): Promise<IncomingMessage | null>;
}

/** Whether the request carries a body (RFC 9112: a length above 0, or chunks). */
export function hasBody(req: IncomingMessage): boolean {
  if (req.method === "GET" || req.method === "HEAD") return false;
  const length = req.headers["content-length"];
  return (length !== undefined && length !== "0") || req.headers["transfer-encoding"] !== undefined;
}

export function middlewareBody(
  req: IncomingMessage,
  max = MIDDLEWARE_BODY_MAX_BYTES,
): MiddlewareBody {
  if (!hasBody(req)) return { stream: null, afterwards: async () => req };
  const chunks: Buffer[] = [];
  let size = 0;
  let iterator: AsyncIterator<Buffer> | null = null;
  const next = async (): Promise<Buffer | null> => {
    iterator ??= (req as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
    const { value, done } = await iterator.next();
    if (done) return null;
    size += value.length;
    if (size <= max) chunks.push(value);
    return value;
  };
  const stream = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const chunk = await next();
        if (chunk === null) controller.close();
        else if (size > max) {
          controller.error(
            new RangeError(`the request body is over ${max} bytes, what a middleware may read`),
          );
        } else controller.enqueue(new Uint8Array(chunk));
      },
    },
    // Nothing read before the middleware asks.
    { highWaterMark: 0 },
  );
  return {
    stream,
    async afterwards() {
      if (iterator === null) return req;
      while ((await next()) !== null) {
        // The rest of the body, kept for the page or API route (the cap checked below).
      }
      if (size > max) return null;
      return replayOf(req, chunks);
    },
  };
}

/** A request like `req` whose body is `chunks`, read from the start. */
function replayOf(req: IncomingMessage, chunks: readonly Buffer[]): IncomingMessage {
  const replay = new Readable({ read() {} });
  for (const chunk of chunks) replay.push(chunk);
  replay.push(null);
  return Object.assign(replay, {
    headers: req.headers,
    rawHeaders: req.rawHeaders,
    trailers: req.trailers,
    rawTrailers: req.rawTrailers,
    method: req.method,
    url: req.url,
    httpVersion: req.httpVersion,
    httpVersionMajor: req.httpVersionMajor,
    httpVersionMinor: req.httpVersionMinor,
    socket: req.socket,
    connection: req.socket,
    complete: true,
    aborted: false,
    setTimeout: (ms: number, callback?: () => void) => {
      req.setTimeout(ms, callback);
      return replay;
    },
  }) as unknown as IncomingMessage;
}
