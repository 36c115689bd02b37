/**
 * Pages that do not depend on the request are rendered once and served from
 * memory: the example pages in each locale, the 404 page, and their route data.
 * Why on first request and not at build time: docs/decisions/006-render-once.md.
 */
import { createHash } from "node:crypto";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { BUILD_ID_HEADER, documentPathOfDataRequest } from "../app/routing/build-binding.ts";
import type { CanonicalOptions } from "../app/routing/canonical-url.ts";
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

/** The build's flat route list as the nested tree React Router's matcher takes. */
function routeTree(routes: ServerBuild["routes"], parentId?: string): RouteObject[] {
  return Object.values(routes).flatMap((route): RouteObject[] => {
    if (route === undefined || route.parentId !== parentId) return [];
    const { id, path, index, caseSensitive } = route;
    if (index) return [{ id, index, caseSensitive }];
    return [{ id, path, caseSensitive, children: routeTree(routes, id) }];
  });
}

/**
 * Whether the page (or route data) at a raw, canonical path is rendered once:
 * every route it matches says so (app/routing/render-once.ts). React Router's
 * own matcher decides which routes match, as it does for the render itself.
 */
export function pageClassifier(
  build: Pick<ServerBuild, "routes">,
  options: CanonicalOptions,
): (rawPath: string) => boolean {
  const tree = routeTree(build.routes);
  const rendersOnce = new Map(
    Object.values(build.routes).map((route) => [route!.id, routeRendersOnce(route!.module)]),
  );
  return (rawPath) => {
    let path = rawPath;
    if (rawPath.endsWith(".data")) path = documentPathOfDataRequest(rawPath, "", options);
    // The route manifest and anything else React Router answers itself.
    else if (rawPath.startsWith("/__")) return false;
    const matches = matchRoutes(tree, path);
    return matches !== null && matches.every(({ route }) => rendersOnce.get(route.id!) === true);
  };
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

export interface RenderOnceOptions extends CanonicalOptions {
  /** The memory the kept pages may take; 0 renders every page per request. */
  readonly maxBytes: number;
}

/**
 * Answers GET and HEAD for pages rendered once, from memory. The first request
 * for a page renders it (concurrent first requests share that one render);
 * pages of other kinds, and any page that cannot be kept, pass on to the
 * per-request render.
 */
export function renderedOnce(
  build: Pick<ServerBuild, "routes">,
  renderer: Pick<PageRenderer, "renderOnce">,
  options: RenderOnceOptions,
): Step {
  if (options.maxBytes === 0) return () => false;
  const rendersOnce = pageClassifier(build, options);
  const kept = new ByteBoundedCache<KeptPage>(
    options.maxBytes,
    (page) => page.body.length + ENTRY_OVERHEAD_BYTES,
  );
  const rendering = new Map<string, Promise<KeptPage | null>>();

  function render(origin: string, target: string, isData: boolean): Promise<KeptPage | null> {
    const key = origin + target;
    let page = rendering.get(key);
    if (page === undefined) {
      page = renderer
        .renderOnce(origin, target)
        .then((rendered) => {
          if (rendered === null) return null;
          const page = keptPage(rendered, isData);
          kept.set(key, page);
          return page;
        })
        .finally(() => rendering.delete(key));
      rendering.set(key, page);
    }
    return page;
  }

  return (exchange) => {
    const { req, rawPath, rawSearch } = exchange;
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    // The origin is part of the page (canonical and hreflang links), so of its key.
    const origin = `${exchange.origin!.protocol}//${exchange.origin!.host}`;
    const target = rawPath + rawSearch;
    const page = kept.get(origin + target);
    if (page !== undefined) {
      send(exchange, page);
      return true;
    }
    if (!rendersOnce(rawPath)) return false;
    return render(origin, target, rawPath.endsWith(".data")).then((page) => {
      if (page === null) return false;
      send(exchange, page);
      return true;
    });
  };
}
