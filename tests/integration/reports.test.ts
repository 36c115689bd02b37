/**
 * The report endpoint: what a browser sends (CSP violations, client
 * exceptions) is logged once at warn, with the page's request id or the
 * visitor's reference; nothing is echoed; other sites, other content, too much
 * and too often are refused.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startServer, type HttpResponse, type RunningServer } from "./harness.ts";

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.stop());

function post(
  body: string,
  headers: Record<string, string> = {},
  path = "/_report",
): Promise<HttpResponse> {
  return server.request(path, {
    method: "POST",
    body,
    headers: {
      "Content-Type": "application/json",
      "Content-Length": String(Buffer.byteLength(body)),
      // Each test speaks for its own client, so the rate per address does not mix them.
      ...headers,
    },
  });
}

const clientError = (reference: string, message = "lab: boom") =>
  JSON.stringify({
    type: "client-error",
    reference,
    message,
    stack: "Error: lab: boom\n    at Boom (/assets/boom.js:1:10)",
    route: "routes/lab.client-error",
    buildId: "b1",
    page: "5d1e0c7a9b2f",
    url: "http://127.0.0.1/lab/client-error?token=secret",
  });

describe("taken and logged", () => {
  test("a client exception: 204, nothing echoed, one warn line with the visitor's reference", async () => {
    const response = await post(clientError("k3y9p2x7", "lab: boom\r\nSet-Cookie: x=1"));
    expect(response.status).toBe(204);
    expect(response.body).toBe("");
    expect(response.headers["set-cookie"]).toBeUndefined();
    const line = await server.waitForLog((l) => l.msg === "client exception reported");
    expect(line).toMatchObject({
      level: "warn",
      reqId: response.headers["x-request-id"],
      pageReqId: "5d1e0c7a9b2f",
      report: {
        kind: "client-error",
        reference: "k3y9p2x7",
        route: "routes/lab.client-error",
        url: "http://127.0.0.1/lab/client-error",
      },
    });
    // Control characters go (the CR); a line feed stays, escaped inside the one JSON
    // line: a report cannot forge a log line.
    expect((line.report as { message: string }).message).toBe("lab: boom\nSet-Cookie: x=1");
    expect(server.logs.filter((l) => l.level === "error")).toEqual([]);
  });

  test("a CSP violation from a page's report-uri: logged with that page's request id", async () => {
    const page = await server.request("/blog/hello");
    const reportUri = /report-uri (\S+)/.exec(
      page.headers["content-security-policy"] as string,
    )![1]!;
    expect(reportUri).toBe(`/_report?page=${page.headers["x-request-id"]}`);
    const body = JSON.stringify({
      "csp-report": {
        "document-uri": "http://127.0.0.1/blog/hello",
        "effective-directive": "script-src-elem",
        "blocked-uri": "inline",
        disposition: "enforce",
      },
    });
    const response = await post(body, { "Content-Type": "application/csp-report" }, reportUri);
    expect(response.status).toBe(204);
    expect(await server.waitForLog((l) => l.msg === "csp violation reported")).toMatchObject({
      level: "warn",
      pageReqId: page.headers["x-request-id"],
      report: { directive: "script-src-elem", blocked: "inline" },
    });
  });
});

describe("refused", () => {
  test.each([
    ["from another site (Origin)", { Origin: "https://evil.example" }, 403],
    ["from another site (Sec-Fetch-Site)", { "Sec-Fetch-Site": "cross-site" }, 403],
    ["as text/plain", { "Content-Type": "text/plain" }, 415],
    ["as form data", { "Content-Type": "application/x-www-form-urlencoded" }, 415],
  ])("%s: %j -> %i", async (_, headers, status) => {
    const response = await post(clientError("aaaaaaaa"), headers);
    expect(response.status).toBe(status);
    expect(response.body).not.toContain("aaaaaaaa");
  });

  test("over 16 KB: 413, without reading it", async () => {
    const response = await post(clientError("bbbbbbbb", "x".repeat(20_000)));
    expect(response.status).toBe(413);
  });

  test.each([
    ["not JSON", "{oops"],
    ["no report of a known kind", JSON.stringify({ type: "weather", sunny: true })],
  ])("%s: 400", async (_, body) => {
    expect((await post(body)).status).toBe(400);
  });

  test("GET: 405", async () => {
    expect((await server.request("/_report")).status).toBe(405);
  });

  test("a flood from one address: 20 taken, then 429 with Retry-After, and 20 log lines at most", async () => {
    const flooder = await startServer();
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 30; i++) {
        const body = clientError("cccccccc");
        const response = await flooder.request("/_report", {
          method: "POST",
          body,
          headers: { "Content-Type": "application/json", "Content-Length": String(body.length) },
        });
        statuses.push(response.status);
        if (response.status === 429) expect(response.headers["retry-after"]).toBe("60");
      }
      expect(statuses.filter((s) => s === 204)).toHaveLength(20);
      expect(statuses.slice(20).every((s) => s === 429)).toBe(true);
      const logged = flooder.logs.filter((l) => l.msg === "client exception reported");
      expect(logged.length).toBeLessThanOrEqual(20);
    } finally {
      await flooder.stop();
    }
  });
});
