/**
 * API routes (`pages/api/...`), asked the same requests in both runtimes: the
 * status, the headers a client reads (type, location, Allow, Set-Cookie,
 * whether there is an ETag), and the body, as JSON where it is. (Not the
 * framing: Next.js sends a short answer chunked, the shell with its length.)
 * Covers the body's parsing by content type and its limits, `bodyParser:
 * false`, dynamic, catch-all and optional catch-all routes with static ones
 * beside them, cookies, `res.redirect`, `res.send`'s kinds, a streamed answer,
 * a method the route refuses itself, a thrown error, and a route written for
 * the Edge runtime (a Web Request and Response, AsyncLocalStorage).
 */
import { test } from "@playwright/test";
import { baseOf, BROWSER_UA, expectSame, RUNTIMES, type Runtime } from "./observe.ts";

interface Ask {
  readonly method?: string;
  readonly headers?: Record<string, string>;
  readonly body?: string;
  /** The answer is a page (a 404's): its status and type are compared, not its markup or its caching. */
  readonly page?: boolean;
  /** Sent chunked (a stream, no Content-Length), as a server's client may send it. */
  readonly chunked?: boolean;
}

/** `text` as a stream of 64 KiB chunks: fetch sends it with Transfer-Encoding: chunked. */
function chunkedBody(text: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.subarray(at, (at += 1 << 16)));
    },
  });
}

async function observe(runtime: Runtime, path: string, ask: Ask) {
  const response = await fetch(baseOf(runtime) + path, {
    method: ask.method ?? "GET",
    redirect: "manual",
    headers: { "user-agent": BROWSER_UA, ...ask.headers },
    ...(ask.chunked && ask.body !== undefined
      ? { body: chunkedBody(ask.body), duplex: "half" as const }
      : { body: ask.body }),
  });
  const text = await response.text();
  let json: unknown = undefined;
  try {
    json = JSON.parse(text);
  } catch {
    // Not JSON: compared as text.
  }
  const header = (name: string) => response.headers.get(name);
  return {
    status: response.status,
    contentType: header("content-type"),
    location: header("location"),
    allow: header("allow"),
    setCookie: header("set-cookie"),
    ...(!ask.page && {
      etag: header("etag") !== null,
      ...(json === undefined ? { body: text } : { json }),
    }),
  };
}

const json = (value: unknown): Ask => ({
  method: "POST",
  headers: { "content-type": "application/json" },
  body: typeof value === "string" ? value : JSON.stringify(value),
});

const CASES: [name: string, path: string, ask: Ask][] = [
  ["a GET with a query", "/api/echo?x=1&x=2&y=z", {}],
  ["a HEAD", "/api/echo?x=1", { method: "HEAD" }],
  ["a JSON body", "/api/echo", json({ a: [1, 2], b: { c: null } })],
  ["an empty JSON body", "/api/echo", json("")],
  ["a JSON body that does not parse", "/api/echo", json("{ nope")],
  [
    "a JSON body in a charset",
    "/api/echo",
    {
      method: "POST",
      headers: { "content-type": "application/ld+json; charset=utf-8" },
      body: '{"ü":1}',
    },
  ],
  [
    "a form body",
    "/api/echo",
    {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "a=1&a=2&b=x%20y",
    },
  ],
  [
    "a text body",
    "/api/echo",
    { method: "PUT", headers: { "content-type": "text/plain" }, body: "hello" },
  ],
  ["a body with no type", "/api/echo", { method: "PATCH", body: "as it is" }],
  [
    "a body in an unknown type",
    "/api/echo",
    { method: "POST", headers: { "content-type": "application/x-thing" }, body: "<x/>" },
  ],
  ["a body within a route's sizeLimit", "/api/small", json({ text: "x".repeat(500) })],
  ["a body past a route's sizeLimit", "/api/small", json({ text: "x".repeat(2000) })],
  ["a body past 1 MB, the default limit", "/api/echo", json({ text: "x".repeat(1 << 20) })],
  ["a body left to the route (bodyParser: false)", "/api/raw", json({ text: "x".repeat(3000) })],
  ["a chunked JSON body", "/api/echo", { ...json({ a: [1, 2] }), chunked: true }],
  [
    "a chunked body past 1 MB, the default limit",
    "/api/echo",
    { ...json({ text: "x".repeat(1 << 20) }), chunked: true },
  ],
  [
    "a chunked body past a route's sizeLimit",
    "/api/small",
    { ...json({ text: "x".repeat(2000) }), chunked: true },
  ],
  [
    "a chunked body left to the route (bodyParser: false)",
    "/api/raw",
    { ...json({ text: "x".repeat(3000) }), chunked: true },
  ],
  ["an Edge API route: a Web Request, a Response", "/api/edge?x=kept", {}],
  ["an Edge API route: a body, a status", "/api/edge?status=201", { method: "POST", body: "hi" }],
  ["an Edge API route: a HEAD", "/api/edge", { method: "HEAD" }],
  ["a dynamic API route", "/api/users/42?x=1", {}],
  ["a static API route beside a dynamic one", "/api/users/me", {}],
  ["a dynamic API route, a parameter that shadows the query", "/api/users/42?id=7", {}],
  ["a catch-all API route", "/api/files/a/b%20c", {}],
  ["a catch-all API route with nothing caught", "/api/files", { page: true }],
  ["an optional catch-all API route with nothing caught", "/api/optional", {}],
  ["an optional catch-all API route", "/api/optional/a/b", {}],
  ["an API route that does not exist", "/api/nope", { page: true }],
  ["cookies in and out", "/api/cookie", { headers: { cookie: "a=1; b=two%20words" } }],
  ["res.redirect(url)", "/api/redirect", {}],
  ["res.redirect(status, url)", "/api/redirect?status=308", {}],
  ["res.send(string), with a status", "/api/send", {}],
  ["res.send(object)", "/api/send?kind=object", {}],
  ["res.send(number)", "/api/send?kind=number", {}],
  ["res.send(Buffer)", "/api/send?kind=buffer", {}],
  ["res.send(null)", "/api/send?kind=empty", {}],
  ["res.send with a 204", "/api/send?kind=no-content", {}],
  ["a streamed answer", "/api/stream", {}],
  ["a method the route answers", "/api/methods", {}],
  ["a method the route refuses", "/api/methods", { method: "DELETE" }],
  ["a CORS preflight, left to the route", "/api/methods", { method: "OPTIONS" }],
  ["an API route that throws", "/api/throws", {}],
];

for (const [name, path, ask] of CASES) {
  test(`API: ${name}`, async () => {
    const seen: Partial<Record<Runtime, unknown>> = {};
    for (const runtime of RUNTIMES) seen[runtime] = await observe(runtime, path, ask);
    expectSame(`API: ${name}`, seen.next, seen.shell);
  });
}
