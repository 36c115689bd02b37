/**
 * POST /_revalidate: kept pages dropped by path (in every locale, with their
 * route data) or by tag, the next request rendering them afresh; every way of
 * asking wrongly refused with the right status; and no endpoint at all without
 * REVALIDATE_SECRET.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startServer, type HttpResponse, type RunningServer } from "./harness.ts";

const SECRET = "test-secret-0123456789";

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ REVALIDATE_SECRET: SECRET, TRUST_PROXY: "1", E2E_FIXTURES: "1" });
});
afterAll(() => server.stop());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const isKept = (response: HttpResponse) =>
  String(response.headers["cache-control"]).startsWith("public");

/** Requests `path` until it is answered from memory. */
async function keep(path: string): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!isKept(await server.request(path))) {
    if (Date.now() > deadline) throw new Error(`${path} was not kept within 5 s`);
    await sleep(50);
  }
}

function revalidate(
  body: string,
  {
    client = "203.0.113.1",
    headers = {},
  }: { client?: string; headers?: Record<string, string> } = {},
) {
  return server.request("/_revalidate", {
    method: "POST",
    headers: {
      Authorization: `Bearer ${SECRET}`,
      "Content-Type": "application/json",
      "Content-Length": String(Buffer.byteLength(body)),
      "X-Forwarded-For": client,
      ...headers,
    },
    body,
  });
}

describe("dropping kept pages", () => {
  test("by path: the page in every locale and its route data, whatever the query; nothing else", async () => {
    const named = ["/about", "/fr/about", "/about.data", "/de/about.data", "/about?ref=mail"];
    for (const path of [...named, "/blog/new"]) await keep(path);
    const response = await revalidate(JSON.stringify({ paths: ["/about"] }));
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body)).toEqual({
      revalidated: true,
      paths: ["/about"],
      pages: named.length,
      replicas: 1,
    });
    // Each is rendered afresh for its next request (per request, then kept again).
    for (const path of named) expect(isKept(await server.request(path)), path).toBe(false);
    expect(isKept(await server.request("/blog/new"))).toBe(true);
    const line = await server.waitForLog((l) => l.msg === "revalidated on demand");
    expect(line).toMatchObject({ level: "info", paths: ["/about"], pages: named.length });
  });

  test("by tag: every page whose routes export it", async () => {
    await keep("/lab/revalidate");
    await keep("/lab/revalidate.data");
    await keep("/shop");
    const response = await revalidate(JSON.stringify({ tags: ["lab"] }));
    expect(JSON.parse(response.body)).toEqual({
      revalidated: true,
      tags: ["lab"],
      pages: 2,
      replicas: 1,
    });
    expect(isKept(await server.request("/lab/revalidate"))).toBe(false);
    expect(isKept(await server.request("/shop"))).toBe(true);
  });
});

describe("asked wrongly: refused, and nothing dropped", () => {
  test.each<[string, Record<string, string | null>, number]>([
    ["no Authorization: 401", { Authorization: null }, 401],
    ["another scheme: 401", { Authorization: `Basic ${SECRET}` }, 401],
    ["a wrong secret: 403", { Authorization: "Bearer not-the-secret-at-all" }, 403],
    ["not JSON's content type: 415", { "Content-Type": "text/plain" }, 415],
    ["a body past 16 KiB: 413", { "Content-Length": String(17 * 1024) }, 413],
  ])("%s", async (_, overrides, status) => {
    await keep("/blog/new");
    const body = JSON.stringify({ paths: ["/blog/new"] });
    const headers: Record<string, string> = {
      Authorization: `Bearer ${SECRET}`,
      "Content-Type": "application/json",
      "Content-Length": String(Buffer.byteLength(body)),
      "X-Forwarded-For": "203.0.113.2",
    };
    for (const [name, value] of Object.entries(overrides)) {
      if (value === null) delete headers[name];
      else headers[name] = value;
    }
    // The 413 is decided from Content-Length, before any of the body is read.
    const response = await server.request("/_revalidate", {
      method: "POST",
      headers,
      body: status === 413 ? undefined : body,
    });
    expect(response.status).toBe(status);
    if (status === 401) {
      expect(response.headers["www-authenticate"]).toBe('Bearer realm="revalidate"');
    }
    expect(isKept(await server.request("/blog/new"))).toBe(true);
  });

  test.each([
    ["not JSON", "{paths:", /not JSON/],
    ["neither paths nor tags", '{"pages": ["/about"]}', /exactly one of "paths" and "tags"/],
    ["a path to another host", '{"paths": ["//evil.example/"]}', /not a path on this site/],
  ])("%s: 400, saying why", async (_, body, message) => {
    const response = await revalidate(body, { client: "203.0.113.3" });
    expect(response.status).toBe(400);
    expect(response.body).toMatch(message);
  });

  test("GET: 405, with Allow", async () => {
    const response = await server.request("/_revalidate");
    expect(response.status).toBe(405);
    expect(response.headers.allow).toBe("POST");
  });

  test("a flood from one address is cut at 10, before the secret is checked", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 14; i++) {
      const response = await revalidate('{"tags": ["none"]}', {
        client: "198.51.100.9",
        headers: { Authorization: "Bearer guess-guess-guess-guess" },
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(403));
    expect(statuses.slice(10)).toContain(429);
    // Another address is not held back.
    expect((await revalidate('{"tags": ["none"]}', { client: "198.51.100.10" })).status).toBe(200);
  });
});

test("without REVALIDATE_SECRET there is no endpoint: answered as any unknown path", async () => {
  const plain = await startServer({});
  try {
    const post = (path: string) =>
      plain.request(path, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          Authorization: "Bearer anything-at-all-here",
        },
        body: '{"paths": ["/about"]}',
      });
    const endpoint = await post("/_revalidate");
    const unknown = await post("/_nothing-here");
    expect(endpoint.status).toBe(unknown.status);
    expect(endpoint.body).not.toMatch(/Unauthorized|Forbidden|"revalidated"/);
    expect(endpoint.headers["www-authenticate"]).toBeUndefined();
    expect((await plain.request("/_revalidate")).status).toBe(404);
  } finally {
    await plain.stop();
  }
});
