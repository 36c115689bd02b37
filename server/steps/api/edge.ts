/**
 * API routes written for Next.js's Edge runtime (`export const config = {
 * runtime: "edge" }`): the handler takes a `NextRequest` and returns a
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
import { NextRequest, type NextUrlConfig } from "../../../app/next/server.ts";
import { isEdgeRuntime } from "../../../app/next/edge-runtime.ts";

/** Whether a route's `config` asks for the Edge runtime. */
export const isEdgeRoute = isEdgeRuntime;

/** `AsyncLocalStorage` as a global, as code written for the Edge runtime (and Next.js's Node server) finds it. */
export function provideEdgeGlobals(): void {
  (globalThis as { AsyncLocalStorage?: unknown }).AsyncLocalStorage ??= AsyncLocalStorage;
}

export type WebHandler = (request: NextRequest, context: unknown) => unknown;

/** Where the route is: the site's URL settings for `nextUrl`, and the route's parameters. */
export interface EdgeCall {
  readonly urls: NextUrlConfig;
  /** The route's parameters, given in the query as Next.js gives them (`?id=1` for `[id]`). */
  readonly params: Readonly<Record<string, string | string[]>>;
}

/**
 * Runs a Web handler for the request and writes its `Response`: status, headers
 * (each cookie its own `Set-Cookie`), and the body as it streams. The handler
 * is given a `NextRequest` (`nextUrl`, `cookies`), the route's parameters in
 * its query. `where` names the route's file in the error for a handler that
 * returns no `Response`.
 */
export async function runWebHandler(
  handler: WebHandler,
  exchange: { req: IncomingMessage; res: ServerResponse; origin: RequestOrigin },
  call: EdgeCall,
  where: string,
): Promise<void> {
  const { req, res } = exchange;
  const web = webRequestOf(req, res, exchange.origin);
  const url = new URL(web.url);
  for (const [name, value] of Object.entries(call.params)) {
    url.searchParams.delete(name);
    for (const one of Array.isArray(value) ? value : [value]) url.searchParams.append(name, one);
  }
  const request = new NextRequest(url, {
    method: web.method,
    headers: web.headers,
    body: web.body,
    signal: web.signal,
    nextConfig: call.urls,
    ...(web.body !== null && { duplex: "half" }),
  } as RequestInit & { nextConfig: NextUrlConfig });
  const response = await handler(request, { params: call.params, waitUntil: () => undefined });
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
