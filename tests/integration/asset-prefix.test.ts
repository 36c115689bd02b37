import { chromium, type Browser, type Page } from "@playwright/test";
import { readdir, readFile, rm } from "node:fs/promises";
import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { chromiumArgs, chromiumPath } from "../../e2e/chromium.ts";
import { msUntilDocumentLoad, ROUTE_LOAD_TIMEOUT_MS } from "../../e2e/client-navigation.ts";
import { canonical } from "./contract-cases.ts";
import {
  buildAppCopy,
  productionIn,
  siteConfigSource,
  startServer,
  type RunningServer,
} from "./harness.ts";

/**
 * A CDN in front of the build's hashed files: it serves them from another
 * origin, with the CORS header module scripts need, and does not answer the
 * files whose names `held` matches until `release()`, when it answers them as
 * the others (a failed chunk could make the page reload as it closes).
 */
function startCdn(): Promise<{
  server: Server;
  origin: string;
  serve(dir: string): void;
  held: RegExp[];
  release(): void;
}> {
  let root = "";
  const held: RegExp[] = [];
  const waiting = new Map<ServerResponse, string>();
  async function send(res: ServerResponse, path: string) {
    const name = path.match(/^\/assets\/([\w.\[\]-]+\.js)$/)?.[1];
    const body = name && (await readFile(join(root, name)).catch(() => null));
    if (!body) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, {
      "Content-Type": "text/javascript",
      "Access-Control-Allow-Origin": "*",
      "Cache-Control": "public, max-age=31536000, immutable",
    });
    res.end(body);
  }
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://cdn.invalid").pathname;
    if (held.some((pattern) => pattern.test(path))) waiting.set(res, path);
    else void send(res, path);
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({
        server,
        origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        serve: (dir) => (root = join(dir, "build", "client", "assets")),
        held,
        release() {
          held.length = 0;
          for (const [res, path] of waiting) void send(res, path);
          waiting.clear();
        },
      }),
    ),
  );
}

describe("assetPrefix: the hashed files from a CDN", () => {
  let cdn: Awaited<ReturnType<typeof startCdn>>;
  let dir: string;
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    cdn = await startCdn();
    dir = await buildAppCopy({
      "site.config.ts": siteConfigSource({ assetPrefix: `${cdn.origin}/` }),
    });
    cdn.serve(dir);
    server = await startServer({}, productionIn(dir));
    browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    cdn?.release();
    cdn?.server.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  test("the page's scripts and module preloads name the CDN, and the policy allows it, no wider", async () => {
    const response = await server.request(canonical("/about"));
    const sources = [
      ...response.body.matchAll(/<(?:script|link)\s[^>]*(?:src|href)="([^"]+\.js)"/g),
      ...response.body.matchAll(/import\(?\s*"([^"]+\.js)"/g),
    ].map((m) => m[1]!);
    expect(sources.length).toBeGreaterThan(3);
    for (const source of sources) expect(source).toMatch(new RegExp(`^${cdn.origin}/assets/`));
    const policy = String(response.headers["content-security-policy"]);
    // Scripts, and the prefetcher's fetches of them; nowhere else.
    expect(policy).toMatch(new RegExp(`script-src 'self' ${cdn.origin}/ 'nonce-`));
    expect(policy).toMatch(new RegExp(`connect-src 'self' ${cdn.origin}/;`));
    expect(policy.match(new RegExp(cdn.origin, "g"))).toHaveLength(2);
  });

  test("the site still serves its hashed files, for the CDN to pull", async () => {
    const name = (await readdir(join(dir, "build", "client", "assets"))).find((f) =>
      f.startsWith("entry.client-"),
    )!;
    const response = await server.request(`/assets/${name}`);
    expect(response.status).toBe(200);
    expect(response.headers["cache-control"]).toMatch(/immutable/);
  });

  /** Opens `path`, its scripts watched: their origins, and any violation of the policy. */
  async function open(page: Page, path: string) {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).origin);
    });
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __violations: string[] }).__violations = seen;
      document.addEventListener("securitypolicyviolation", (event) =>
        seen.push(`${event.violatedDirective} ${event.blockedURI}`),
      );
    });
    await page.goto(server.origin + path);
    await page.waitForFunction(() => "__reactRouterDataRouter" in window);
    return scripts;
  }

  test("in Chromium, the page hydrates on scripts from the CDN, under the enforced policy", async () => {
    const page = await browser.newPage();
    try {
      const scripts = await open(page, canonical("/about"));
      expect(new Set(scripts)).toEqual(new Set([cdn.origin]));
      expect(
        await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations),
      ).toEqual([]);
    } finally {
      await page.close();
    }
  });

  test("a route's chunk the CDN never sends: the navigation loads the page as a document at the timeout", async () => {
    cdn.held.push(/\/_slug_-[\w-]+\.js$/);
    const page = await browser.newPage();
    try {
      await open(page, canonical("/about"));
      const target = canonical("/blog/hello");
      const delay = await msUntilDocumentLoad(page, target, server.origin + target);
      expect(delay).toBeGreaterThanOrEqual(ROUTE_LOAD_TIMEOUT_MS - 100);
    } finally {
      cdn.release();
      await page.close();
    }
  }, 30_000);
});
