/**
 * The example site's API route (site/pages/api/posts/[slug].ts) in the
 * production build, with the shell around it: the URL contract's redirects,
 * the malformed-input checks, the access log. What a handler gets and may
 * answer, against Next.js: e2e/differential/api.spec.ts.
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import { startServer, type RunningServer } from "./harness.ts";

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
}, 60_000);
afterAll(() => server.stop());

test("the route answers JSON, its parameter decoded", async () => {
  const response = await server.request("/api/posts/hello%20world");
  expect(response.status).toBe(200);
  expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
  expect(JSON.parse(response.body)).toMatchObject({ slug: "hello world" });
});

test("the access line names the route's pattern, and the status the handler gave", async () => {
  const response = await server.request("/api/posts/hello", { method: "DELETE" });
  expect(response.status).toBe(405);
  expect(response.headers.allow).toBe("GET, HEAD");
  expect(await server.accessLog(response)).toMatchObject({
    method: "DELETE",
    path: "/api/posts/hello",
    route: "/api/posts/[slug]",
    status: 405,
  });
});

test("a CORS preflight reaches the route, which answers it", async () => {
  const response = await server.request("/api/posts/hello", { method: "OPTIONS" });
  expect(response.status).toBe(405);
  expect(response.headers.allow).toBe("GET, HEAD");
  // A page's URL still refuses it, before any page is asked.
  expect((await server.request("/about", { method: "OPTIONS" })).status).toBe(405);
});

test("an API URL gets the contract's slash redirect, its query kept", async () => {
  const response = await server.request("/api//posts/hello/?x=1");
  expect(response.status).toBe(308);
  expect(response.headers.location).toBe("/api/posts/hello?x=1");
});

test("API routes have no locale prefix, and an unknown API path is the 404 page", async () => {
  for (const path of ["/fr/api/posts/hello", "/api/nope", "/api/posts"]) {
    const response = await server.request(path);
    expect([path, response.status]).toEqual([path, 404]);
    expect(response.headers["content-type"]).toMatch(/^text\/html/);
  }
});

test("a body past MAX_BODY_BYTES is turned away before the route runs", async () => {
  const response = await server.request("/api/posts/hello", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: "x".repeat((1 << 20) + 1),
  });
  expect(response.status).toBe(413);
  expect(await server.accessLog(response)).toMatchObject({ status: 413, path: "/api/posts/hello" });
});

test("a chunked body reaches a route that parses it, read to its limit; the server serves on", async () => {
  const chunked = { "content-type": "application/json", "transfer-encoding": "chunked" };
  // Within the limit: read and parsed, and the route answers (it takes GET only).
  const small = await server.request("/api/posts/hello", {
    method: "POST",
    headers: chunked,
    body: JSON.stringify({ a: 1 }),
  });
  expect(small.status).toBe(405);
  // Past it: no Content-Length told beforehand, so the body is read to 1 MiB, then a 413.
  const large = await server.request("/api/posts/hello", {
    method: "POST",
    headers: chunked,
    body: JSON.stringify({ text: "x".repeat(1 << 20) }),
  });
  expect([large.status, large.body]).toEqual([413, "Body exceeded 1mb limit"]);
  expect(await server.accessLog(large)).toMatchObject({ status: 413, path: "/api/posts/hello" });
  expect(server.logs.filter((line) => line.level === "fatal")).toEqual([]);
  expect((await server.request("/api/posts/hello")).status).toBe(200);
  // A page's URL still wants the length first.
  expect(
    (await server.request("/about", { method: "POST", headers: chunked, body: "{}" })).status,
  ).toBe(411);
});
