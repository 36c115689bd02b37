/**
 * The rewrites step (server/steps/rewrites/) on a real HTTP server, under a
 * base path: a `basePath: false` rule matches outside it and proxies to
 * another site; inside the base path the same path is not its.
 */
import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import pino from "pino";
import { afterEach, expect, test } from "vitest";
import type { AppServerBuild } from "../../server/platform/build.ts";
import type { Exchange } from "../../server/platform/exchange.ts";
import { siteRewrites } from "../../server/steps/rewrites/step.ts";
import { serveStep } from "./step-server.ts";

const others: Server[] = [];
afterEach(() => Promise.all(others.splice(0).map((server) => server.close())));

/** Another site: answers with the path it was asked. */
async function otherSite(): Promise<string> {
  const server = createServer((req, res) => res.end(`other site: ${req.url}`));
  others.push(server);
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function serve(destination: string) {
  const basePath = "/shop";
  const step = siteRewrites(
    {
      beforeFiles: [],
      afterFiles: [
        { source: "/out/:rest*", destination, basePath: false },
        { source: "/r/:slug", destination: "/about?from=:slug" },
      ],
      fallback: [],
    },
    {
      buildId: "b1",
      urls: { trailingSlash: "never", basePath },
      files: new Map(),
      build: { routes: {}, entry: { module: {} } } as unknown as AppServerBuild,
      assets: () => false,
      proxy: { timeoutMs: 2000, logger: pino({ level: "silent" }) },
    },
  );
  return serveStep(
    step,
    (req, res) => {
      const [rawPath = "/", rawSearch = ""] = (req.url ?? "/").split(/(?=\?)/);
      const below = rawPath === basePath || rawPath.startsWith(`${basePath}/`);
      return {
        req,
        res,
        requestId: "r1",
        rawPath,
        path: below ? rawPath.slice(basePath.length) || "/" : null,
        rawSearch,
        decodedPath: below ? decodeURIComponent(rawPath.slice(basePath.length) || "/") : "",
        origin: { protocol: "http:", host: req.headers.host ?? "localhost" },
      } as Exchange;
    },
    ({ res, path, rawSearch, rewrittenFrom }) =>
      rewrittenFrom === undefined
        ? res.writeHead(404).end("not rewritten")
        : res.writeHead(200).end(JSON.stringify({ path, rawSearch, rewrittenFrom })),
    [],
  );
}

test("basePath: false: a path outside the base path is proxied to the other site", async () => {
  const other = await otherSite();
  const { base } = await serve(`${other}/in/:rest*`);
  const outside = await fetch(`${base}/out/a/b?x=1`);
  expect(outside.status).toBe(200);
  expect(await outside.text()).toBe("other site: /in/a/b?x=1");
  // Below the base path, the source is not the rule's.
  const inside = await fetch(`${base}/shop/out/a`);
  expect(inside.status).toBe(404);
  expect(await inside.text()).toBe("not rewritten");
});

test("a page's data request rewritten to another page: that page's data, in the same answer, and its path named", async () => {
  const { base } = await serve("http://127.0.0.1:9/unused");
  const response = await fetch(`${base}/shop/_next/data/b1/en/r/x.json`);
  expect(response.status).toBe(200);
  expect(response.headers.get("x-nextjs-rewrite")).toBe("/shop/about?from=x&slug=x");
  expect(await response.json()).toEqual({
    path: "/_next/data/b1/en/about.json",
    rawSearch: "?from=x&slug=x",
    rewrittenFrom: "/_next/data/b1/en/r/x.json",
  });
});
