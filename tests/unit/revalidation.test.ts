/**
 * The render-once cache with a renderer the test controls: what a purge does to
 * a render under way, and to pages named in another spelling. (The whole server's
 * behaviour is in tests/integration/revalidate.test.ts and on-demand.test.ts.)
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { describe, expect, test } from "vitest";
import type { ServerBuild } from "react-router";
import { createLogger } from "../../server/platform/logger.ts";
import type { Exchange } from "../../server/platform/exchange.ts";
import type { RenderedPage } from "../../server/pages/page-renderer.ts";
import { renderOncePages, renderOncePatterns } from "../../server/pages/render-once.ts";

const routes = {
  root: { id: "root", path: "", module: { default: () => null } },
  blog: { id: "blog", parentId: "root", path: "blog/:slug", module: { default: () => null } },
} as unknown as ServerBuild["routes"];

/** A renderer whose renders finish when the test says. */
function heldRenderer() {
  const held: (() => void)[] = [];
  return {
    held,
    renderOnce: (_origin: string, target: string) =>
      new Promise<RenderedPage | null>((resolve) =>
        held.push(() =>
          resolve({
            status: 200,
            headers: { "content-type": "text/html" },
            body: Buffer.from(`<p>${target}</p>`),
            routePattern: "/blog/:slug",
          }),
        ),
      ),
  };
}

const exchange = (rawPath: string) =>
  ({
    req: { method: "GET", headers: {} } as IncomingMessage,
    res: {
      setHeader() {},
      getHeader: () => undefined,
      writeHead() {},
      end() {},
    } as unknown as ServerResponse,
    requestId: "",
    rawPath,
    path: rawPath,
    rawSearch: "",
    decodedPath: rawPath,
    origin: { protocol: "http:", host: "shop.example" },
    routePattern: "/blog/:slug",
  }) satisfies Exchange;

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

function cache() {
  const renderer = heldRenderer();
  const pages = renderOncePages(
    { routes },
    renderer,
    { maxBytes: 1 << 20, compression: false, shared: null, buildId: "test", basePath: "" },
    createLogger({ logLevel: "silent", logFormat: "json" }),
  );
  /** Renders `path` once and keeps it (or not), releasing the render after `during`. */
  const render = async (path: string, during: () => void = () => {}) => {
    pages.renderedPerRequest(exchange(path), 200);
    await settle(); // the render has begun
    during();
    renderer.held.shift()!();
    await settle();
  };
  return { pages, render, kept: (path: string) => pages.fromMemory(exchange(path)) };
}

describe("a purge and the renders under way", () => {
  test("a render under way when a purge names its page is not kept", async () => {
    const { pages, render, kept } = cache();
    await render("/blog/a", () => pages.purge({ kind: "paths", names: ["/blog/a"] }));
    expect(kept("/blog/a")).toBe(false);
    // The next one is.
    await render("/blog/a");
    expect(kept("/blog/a")).toBe(true);
  });

  test("a purge of another page leaves it be", async () => {
    const { pages, render, kept } = cache();
    await render("/blog/a", () => pages.purge({ kind: "paths", names: ["/blog/b"] }));
    expect(kept("/blog/a")).toBe(true);
  });
});

test("a path names its page however it is spelled: percent-encoded or not", async () => {
  const { pages, render, kept } = cache();
  await render("/blog/caf%C3%A9");
  expect((await pages.purge({ kind: "paths", names: ["/blog/café"] })).pages).toBe(1);
  expect(kept("/blog/caf%C3%A9")).toBe(false);
});

test("a revalidate under a route rendered per request is refused, naming the route", () => {
  const optedOut = {
    root: { id: "root", path: "", module: { default: () => null, renderOnce: false } },
    blog: {
      id: "blog",
      parentId: "root",
      path: "blog/:slug",
      module: { default: () => null, loader: () => null, revalidate: 60 },
    },
  } as unknown as ServerBuild["routes"];
  expect(() => renderOncePatterns(optedOut)).toThrow(
    /^route blog: revalidate is for pages rendered once, and a route on its way is rendered per request/,
  );
});
