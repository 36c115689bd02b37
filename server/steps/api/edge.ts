/**
 * API routes written for Next.js's Edge runtime (`export const config = {
 * runtime: "edge" }`): the handler takes a Web `Request` and returns a
 * `Response`, as Next.js calls it. The shell runs them in Node, beside the
 * others; what the Edge runtime gives them that Node lacks as a global
 * (`AsyncLocalStorage`) is given, as Next.js's own Node server gives it.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import type { RequestOrigin } from "../../platform/forwarded.ts";
import { webRequestOf } from "../../pages/web-request.ts";

/** Whether a route's `config` asks for the Edge runtime. */
export function isEdgeRoute(config: unknown): boolean {
  const runtime = (config as { runtime?: unknown } | undefined)?.runtime;
  return runtime === "edge" || runtime === "experimental-edge";
}

/** `AsyncLocalStorage` as a global, as code written for the Edge runtime (and Next.js's Node server) finds it. */
export function provideEdgeGlobals(): void {
  (globalThis as { AsyncLocalStorage?: unknown }).AsyncLocalStorage ??= AsyncLocalStorage;
}

export type WebHandler = (request: Request, context: unknown) => unknown;

/**
 * Runs a Web handler for the request and writes its `Response`: status, headers
 * (each cookie its own `Set-Cookie`), and the body as it streams. `where` names
 * the route's file in the error for a handler that returns no `Response`.
 */
export async function runWebHandler(
  handler: WebHandler,
  req: IncomingMessage,
  res: ServerResponse,
  origin: RequestOrigin,
  where: string,
): Promise<void> {
  const request = webRequestOf(req, res, origin);
  const response = await handler(request, { waitUntil: () => undefined });
  if (!(response instanceof Response)) {
    throw new Error(`${where}: an Edge API route returns a Response, not ${typeof response}`);
  }
  res.statusCode = response.status;
  for (const [name, value] of response.headers) {
    if (name !== "set-cookie") res.setHeader(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader("set-cookie", cookies);
  if (response.body === null || req.method === "HEAD") {
    await response.body?.cancel();
    res.end();
    return;
  }
  await pipeline(Readable.fromWeb(response.body as NodeReadableStream), res);
}
