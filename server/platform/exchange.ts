import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import type { RequestOrigin } from "./forwarded.ts";
import type { AnsweredBy } from "../telemetry/metrics.ts";
import type { RevalidateReason } from "../../app/context.ts";
import type { PreviewMode } from "../../app/next/preview/mode.ts";

/** One request as it travels through the pipeline in http.ts. */
export interface Exchange {
  /**
   * The request; once the site's middleware read its body, a request like it
   * whose body reads from the start again (server/steps/middleware/body.ts).
   */
  req: IncomingMessage;
  readonly res: ServerResponse;
  readonly requestId: string;
  /** The path exactly as received, still percent-encoded. */
  readonly rawPath: string;
  /**
   * The path below the site's base path (app/routing/base-path.ts), still
   * percent-encoded: what the steps that serve a file or an endpoint compare.
   * The raw path itself with no base path; null for a request outside it, which
   * only the not-found page answers. A middleware's rewrite changes it (and
   * `rawSearch`, `decodedPath` and `req.url`): see `rewriteExchange`.
   */
  path: string | null;
  /** The query exactly as received, `?` included, or "". */
  rawSearch: string;
  /** The decoded `path` ("" outside the base path); set once the request has passed the malformed-input check. */
  decodedPath: string;
  /** The public origin the request is addressed to; set before any page is rendered. */
  origin?: RequestOrigin;
  /** The route pattern that answered, when React Router did; for the access log. */
  routePattern?: string;
  /** Health probes are logged at debug level only. */
  quiet?: boolean;
  /**
   * How a page rendered per request was answered, for the access log: by the
   * split render (app/split-render/), or directly, without React Router's
   * request handler (app/direct/). Unset: rendered whole.
   */
  rendered?: "split" | "direct";
  /** The pipeline step that answered (the last one asked), for the metrics. */
  answeredBy?: AnsweredBy;
  /**
   * Set when the site's middleware rewrote the request (server/steps/middleware/):
   * the path and query the browser asked for and still shows, below the base path.
   */
  rewrittenFrom?: string;
  /**
   * Set when the site's `rewrites()` (server/steps/rewrites/) rewrote it, which
   * Next.js tells its pages apart from a middleware's rewrite: their `req.url`
   * is then the URL asked for.
   */
  rewrittenByConfig?: boolean;
  /**
   * "on-demand" when the page was purged on demand (`POST /_revalidate`,
   * `res.revalidate`) since it was last kept: the render it gets is that
   * revalidation, which a page's getStaticProps is told (server/pages/render-once.ts).
   */
  revalidateReason?: RevalidateReason;
  /**
   * Set when the request's cookies turn on Next.js's preview or draft mode
   * (server/steps/preview/): its page is rendered for it alone, never kept.
   */
  preview?: PreviewMode;
  /** The headers the site's `headers()` rules set on the answer (server/steps/config-headers.ts). */
  ruleHeaders?: string[];
  /**
   * Set once the site's redirects and the canonical rule were asked about this
   * request and left it (server/steps/redirects.ts): a document's. The React
   * Router middleware that asks them for route data then need not ask again.
   */
  redirectsChecked?: boolean;
}

/**
 * Serve `path` (below the base path, percent-encoded) and `search` in the
 * place of what was asked for: the steps after see the new path, React Router
 * renders it, and `rewrittenFrom` keeps what the browser shows. A path that
 * does not decode is left as it was: the caller checks it first.
 */
export function rewriteExchange(
  exchange: Exchange,
  basePath: string,
  path: string,
  search: string,
): void {
  exchange.rewrittenFrom ??= (exchange.path ?? exchange.rawPath) + exchange.rawSearch;
  exchange.path = path;
  exchange.rawSearch = search;
  exchange.decodedPath = decodeURIComponent(path);
  exchange.req.url = basePath + path + search;
}

/**
 * One step of the pipeline: answers the request and returns true, or leaves it
 * to the next step by returning false.
 */
export type Step = (exchange: Exchange) => boolean | Promise<boolean>;

/** A short plain-text answer: redirects, rejections, fallbacks. */
export function sendText(
  res: ServerResponse,
  status: number,
  body: string,
  headers: OutgoingHttpHeaders = {},
): void {
  res.writeHead(status, {
    "Content-Type": "text/plain; charset=utf-8",
    "Content-Length": Buffer.byteLength(body),
    "Cache-Control": "no-store",
    ...headers,
  });
  res.end(body);
}

/**
 * A redirect, answered as Next.js answers one: the target in `Location` and as
 * the body (no Content-Type), and for a 308 in `Refresh` too, for the clients
 * that do not follow a 308. Not kept by caches unless `headers` say so.
 */
export function sendRedirect(
  res: ServerResponse,
  status: number,
  location: string,
  headers: OutgoingHttpHeaders = {},
): void {
  res.writeHead(status, {
    Location: location,
    ...(status === 308 && { Refresh: `0;url=${location}` }),
    "Content-Length": Buffer.byteLength(location),
    "Cache-Control": "no-store",
    ...headers,
  });
  res.end(location);
}

/** The status logged for an answer that closed before its headers went out: nginx's "client closed request". */
export const CLIENT_CLOSED_REQUEST = 499;

/**
 * The status a request ended with, for its access line and metrics: the one
 * sent; or, when the connection closed before any was, 408 if it was Node's
 * request timeout (Node sends that answer itself), else 499: the client left.
 * `socketError` is the connection's `errored`.
 */
export function statusSent(headersSent: boolean, statusCode: number, socketError: unknown): number {
  if (headersSent) return statusCode;
  return (socketError as NodeJS.ErrnoException | null)?.code === "ERR_HTTP_REQUEST_TIMEOUT"
    ? 408
    : CLIENT_CLOSED_REQUEST;
}

/**
 * Whether an `If-None-Match` header names this entity tag (a list, `*`, or the
 * weak form of the same tag all match, as RFC 9110 says for GET).
 */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  if (ifNoneMatch === etag) return true;
  return ifNoneMatch.split(",").some((tag) => {
    const trimmed = tag.trim();
    return trimmed === "*" || trimmed === etag || trimmed === `W/${etag}`;
  });
}

/** Reads at most `max` bytes of a request body; null when there is more. */
export async function readCapped(req: AsyncIterable<Buffer>, max: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > max) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * The request's body as JSON, read to at most `max` bytes; null once it has
 * answered itself: 413 past the cap (by Content-Length, or as the body comes),
 * 400 for a body that is not JSON.
 */
export async function readJsonBody(
  req: IncomingMessage,
  res: ServerResponse,
  max: number,
): Promise<{ readonly value: unknown } | null> {
  const tooLarge = () => sendText(res, 413, "Content Too Large\n", { Connection: "close" });
  if (Number(req.headers["content-length"] ?? 0) > max) {
    tooLarge();
    return null;
  }
  const body = await readCapped(req, max);
  if (body === null) {
    tooLarge();
    return null;
  }
  try {
    return { value: JSON.parse(body.toString("utf8")) };
  } catch {
    sendText(res, 400, "Bad Request: the body is not JSON\n");
    return null;
  }
}
