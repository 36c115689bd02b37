/**
 * Pages that do not depend on the request are rendered once and served from
 * memory: the example pages in each locale, the 404 page, and their route data.
 * Why on first request and not at build time: docs/decisions/006-render-once.md.
 */
import { createHash } from "node:crypto";
import type { ServerBuild } from "react-router";
import { BUILD_ID_HEADER } from "../app/routing/build-binding.ts";
import { routeRendersOnce } from "../app/routing/render-once.ts";
import { ByteBoundedCache } from "./bounded-cache.ts";
import { etagMatches, type Exchange, type Step } from "./exchange.ts";
import type { PageRenderer, RenderedPage } from "./react-router.ts";

/**
 * The same for every visitor, so shared caches may keep it; but revalidated on
 * every use (cheaply, by ETag), so nobody keeps a page of a previous deploy.
 */
export const RENDERED_ONCE_CACHE_CONTROL = "public, max-age=0, must-revalidate";

/** A page rendered once, with everything needed to answer from memory. */
interface KeptPage {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | number>>;
  readonly notModifiedHeaders: Readonly<Record<string, string>>;
  readonly body: Buffer;
  readonly etag: string;
  readonly routePattern: string | undefined;
}

// What a kept page costs beyond its body: its key, headers and bookkeeping.
const ENTRY_OVERHEAD_BYTES = 1024;

/**
 * The route patterns, as React Router reports the one that answered (`/about`,
 * `/fr/blog/:slug`, `/*`), whose pages are rendered once: every route on the
 * way to it says so (app/routing/render-once.ts). Learning a page's kind from
 * the match React Router made anyway costs nothing; matching again here would
 * cost as much as a tenth of a render.
 */
export function renderOncePatterns(routes: ServerBuild["routes"]): ReadonlySet<string> {
  const verdicts = new Map<string, boolean>();
  for (const route of Object.values(routes)) {
    const chain: NonNullable<(typeof routes)[string]>[] = [];
    for (let r = route; r !== undefined; r = r.parentId ? routes[r.parentId] : undefined) {
      chain.unshift(r);
    }
    // As React Router joins them for middleware, "/"-prefixed as our access log has it.
    const joined = chain
      .map((r) => r.path)
      .filter(Boolean)
      .join("/")
      .replace(/\/\/+/g, "/");
    const pattern = joined.startsWith("/") ? joined : `/${joined}`;
    const once = chain.every((r) => routeRendersOnce(r.module));
    // Routes that share a pattern (a layout and its index) must all agree.
    verdicts.set(pattern, (verdicts.get(pattern) ?? true) && once);
  }
  return new Set([...verdicts].filter(([, once]) => once).map(([pattern]) => pattern));
}

function keptPage(rendered: RenderedPage, isData: boolean): KeptPage {
  const etag = `"${createHash("sha1").update(rendered.body).digest("base64url")}"`;
  const cacheControl = rendered.headers["cache-control"] ?? RENDERED_ONCE_CACHE_CONTROL;
  // Route data answers differently to a page of another build (server/build-binding.ts).
  const vary: Record<string, string> = isData ? { Vary: BUILD_ID_HEADER } : {};
  return {
    status: rendered.status,
    headers: {
      ...rendered.headers,
      "Cache-Control": cacheControl,
      "Content-Length": rendered.body.length,
      ETag: etag,
      ...vary,
    },
    notModifiedHeaders: { "Cache-Control": cacheControl, ETag: etag, ...vary },
    body: rendered.body,
    etag,
    routePattern: rendered.routePattern,
  };
}

function send(exchange: Exchange, page: KeptPage): void {
  const { req, res } = exchange;
  exchange.routePattern = page.routePattern;
  // Conditional requests apply to what a 2xx would have answered, not to a 404.
  if (page.status === 200 && etagMatches(req.headers["if-none-match"], page.etag)) {
    res.writeHead(304, page.notModifiedHeaders);
    res.end();
    return;
  }
  res.writeHead(page.status, page.headers);
  res.end(req.method === "HEAD" ? undefined : page.body);
}

export interface RenderOncePages {
  /** Answers GET and HEAD from memory for pages already rendered once. */
  readonly fromMemory: Step;
  /**
   * Told of every page rendered per request: one whose route renders once is
   * rendered once for the following requests, in the background (concurrent
   * requests share that one render).
   */
  readonly renderedPerRequest: (exchange: Exchange, status: number) => void;
}

/**
 * Pages rendered once, kept in a least-recently-used cache of `maxBytes`
 * (0 keeps none: every page is rendered per request). The first request for a
 * page is rendered per request, like any other; React Router's match tells its
 * kind, and a page that renders once is then rendered for everybody.
 */
export function renderOncePages(
  build: Pick<ServerBuild, "routes">,
  renderer: Pick<PageRenderer, "renderOnce">,
  maxBytes: number,
): RenderOncePages {
  if (maxBytes === 0) return { fromMemory: () => false, renderedPerRequest: () => {} };
  const patterns = renderOncePatterns(build.routes);
  const kept = new ByteBoundedCache<KeptPage>(
    maxBytes,
    (page) => page.body.length + ENTRY_OVERHEAD_BYTES,
  );
  const rendering = new Set<string>();
  const originOf = ({ origin }: Exchange) => `${origin!.protocol}//${origin!.host}`;

  return {
    fromMemory(exchange) {
      const { req, rawPath, rawSearch } = exchange;
      if (req.method !== "GET" && req.method !== "HEAD") return false;
      // The origin is part of the page (canonical and hreflang links), so of its key.
      const page = kept.get(originOf(exchange) + rawPath + rawSearch);
      if (page === undefined) return false;
      send(exchange, page);
      return true;
    },

    renderedPerRequest(exchange, status) {
      const { req, rawPath, rawSearch, routePattern } = exchange;
      if (req.method !== "GET" && req.method !== "HEAD") return;
      if ((status !== 200 && status !== 404) || !patterns.has(routePattern ?? "")) return;
      const origin = originOf(exchange);
      const target = rawPath + rawSearch;
      const key = origin + target;
      if (rendering.has(key)) return;
      rendering.add(key);
      void renderer
        .renderOnce(origin, target)
        .then((rendered) => {
          if (rendered !== null) kept.set(key, keptPage(rendered, rawPath.endsWith(".data")));
        })
        .finally(() => rendering.delete(key));
    },
  };
}
