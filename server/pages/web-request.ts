import type { IncomingMessage, ServerResponse } from "node:http";
import { createHeaders, createRequest } from "@remix-run/node-fetch-server";

/**
 * The Web `Request` React Router is given for a Node request: its method,
 * headers and URL (on `origin`, the public origin), and a `signal` that aborts
 * when the client goes away before the answer is out, as
 * `@remix-run/node-fetch-server`'s `createRequest` does.
 *
 * A request with a body is that library's `createRequest`, whose body stream
 * (back pressure, the client's abort while it uploads) is not its to copy; it
 * pays the follower below, and form posts are few. The rest, every page and
 * every data request, carry their own signal.
 */
export function webRequestOf(
  req: IncomingMessage,
  res: ServerResponse,
  origin: { protocol: string; host: string },
): Request {
  const method = req.method ?? "GET";
  if (method !== "GET" && method !== "HEAD") return createRequest(req, res, origin);
  const client = new AbortController();
  // "close" without "finish": nothing more can be written, and the answer was not all sent.
  res.once("close", () => {
    if (!res.writableFinished) client.abort();
  });
  const request = new Request(`${origin.protocol}//${origin.host}${req.url ?? "/"}`, {
    method,
    headers: createHeaders(req),
  });
  // Not in the init: Node's Request (undici) would not keep it, but make a
  // signal of its own that follows it, and register the pair in a
  // FinalizationRegistry, to drop the follower once the Request is collected:
  // a WeakRef, an entry, a listener and a cleanup task per request, and every
  // request's signal held until a full collection (decision 030): 5 % of a
  // page's CPU (docs/benchmarks.md). The Request's own signal, which nothing
  // aborts, is shadowed instead.
  Object.defineProperty(request, "signal", { value: client.signal, enumerable: true });
  return request;
}
