/**
 * Security headers on every kind of answer, and the Content-Security-Policy of
 * HTML: a fresh nonce on every inline script of a page rendered per request; the
 * hashes of every inline script of a page rendered once.
 */
import { createHash } from "node:crypto";
import { readdirSync } from "node:fs";
import { STATUS_CODES } from "node:http";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startServer, type HttpResponse, type RunningServer } from "./harness.ts";

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ E2E_FIXTURES: "1" });
});
afterAll(() => server.stop());

const someAsset = `/assets/${readdirSync("build/client/assets").find((f) => f.endsWith(".js"))}`;

/** Every inline script of a page: its attributes and its text. */
function inlineScripts(html: string): { attributes: string; text: string }[] {
  return [...html.matchAll(/<script\b(?![^>]*\ssrc=)([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, , text]) => text !== "")
    .map(([, attributes, text]) => ({ attributes: attributes!, text: text! }));
}

function scriptSources(response: HttpResponse): string[] {
  const policy = response.headers["content-security-policy"] as string;
  return /(?:^|; )script-src ([^;]*)/.exec(policy)![1]!.split(" ");
}

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

/** Asks for a page until it is served from memory: rendered once, it carries no nonce. */
async function kept(path: string): Promise<HttpResponse> {
  for (let i = 0; i < 20; i++) {
    const response = await server.request(path);
    if (!/ nonce="/.test(response.body)) return response;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${path} was never served from memory`);
}

describe("on every answer, with the status line's reason phrase", () => {
  test.each([
    ["a page rendered per request", "/blog/hello", 200],
    ["a page rendered once", "/about", 200],
    ["the 404 page", "/nope", 404],
    ["the 500 page", "/lab/boom", 500],
    ["a slash redirect", "/about/", 308],
    ["a hashed asset", someAsset, 200],
    ["route data", "/blog/hello.data", 200],
    ["health", "/healthz", 200],
    ["a malformed request", "/%", 400],
    ["an image", "/_image?src=/images/valley.jpg&w=64&q=75", 200],
  ])("%s (%s -> %i)", async (_, path, status) => {
    const response = await server.request(path);
    expect(response.status).toBe(status);
    expect(response.statusText).toBe(STATUS_CODES[status]);
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(response.headers["cross-origin-opener-policy"]).toBe("same-origin");
    expect(response.headers["permissions-policy"]).toMatch(/camera=\(\)/);
    // Plain http: HSTS would be ignored at best.
    expect(response.headers["strict-transport-security"]).toBeUndefined();
  });
});

describe("the Content-Security-Policy of HTML", () => {
  test("a page rendered per request: a fresh nonce, on every inline script", async () => {
    const [first, second] = [
      await server.request("/blog/hello"),
      await server.request("/blog/hello"),
    ];
    for (const response of [first, second]) {
      const sources = scriptSources(response);
      expect(sources).not.toContain("'unsafe-inline'");
      expect(sources).not.toContain("'unsafe-eval'");
      const nonce = /^'nonce-([^']+)'$/.exec(sources.find((s) => s.startsWith("'nonce-"))!)![1];
      const scripts = inlineScripts(response.body);
      expect(scripts.length).toBeGreaterThanOrEqual(4);
      for (const { attributes } of scripts) expect(attributes).toContain(`nonce="${nonce}"`);
    }
    expect(scriptSources(first)).not.toEqual(scriptSources(second));
  });

  test.each(["/about", "/fr/about", "/nope"])(
    "%s, rendered once: the hash of every inline script, and no nonce",
    async (path) => {
      const response = await kept(path);
      const sources = scriptSources(response);
      expect(sources.some((s) => s.startsWith("'nonce-"))).toBe(false);
      const scripts = inlineScripts(response.body);
      expect(scripts.length).toBeGreaterThanOrEqual(4);
      for (const { attributes, text } of scripts) {
        expect(attributes).not.toContain("nonce=");
        expect(sources).toContain(sha256(text));
      }
      // The same policy for the next visitor: the bytes are the same.
      expect((await server.request(path)).headers["content-security-policy"]).toBe(
        response.headers["content-security-policy"],
      );
    },
  );

  test("the rest of the policy", async () => {
    const policy = (await server.request("/blog/hello")).headers["content-security-policy"];
    expect(policy).toMatch(/(^|; )object-src 'none'(;|$)/);
    expect(policy).toMatch(/(^|; )base-uri 'none'(;|$)/);
    expect(policy).toMatch(/(^|; )frame-ancestors 'none'(;|$)/);
    expect(policy).toMatch(/(^|; )form-action 'self'(;|$)/);
  });

  test("answers that are not HTML carry no policy of a page", async () => {
    for (const path of ["/blog/hello.data", "/healthz", someAsset]) {
      expect((await server.request(path)).headers["content-security-policy"]).toBeUndefined();
    }
  });
});

describe("configured", () => {
  let configured: RunningServer;
  beforeAll(async () => {
    configured = await startServer({
      PUBLIC_ORIGIN: "https://shop.example",
      CSP_REPORT_ONLY: "1",
      CSP_FRAME_ANCESTORS: "'self'",
      CSP_EXTRA: "img-src https://cdn.example",
    });
  });
  afterAll(() => configured.stop());

  test("report-only, extra sources, framing, and HSTS on an https origin", async () => {
    const response = await configured.request("/blog/hello");
    expect(response.headers["content-security-policy"]).toBeUndefined();
    const policy = response.headers["content-security-policy-report-only"] as string;
    expect(policy).toMatch(/(^|; )img-src 'self' data: blob: https:\/\/cdn\.example(;|$)/);
    expect(policy).toMatch(/(^|; )frame-ancestors 'self'(;|$)/);
    expect(response.headers["strict-transport-security"]).toBe(
      "max-age=31536000; includeSubDomains",
    );
  });
});
