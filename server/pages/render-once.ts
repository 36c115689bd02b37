/**
 * Pages that do not depend on the request are rendered once and served from
 * memory: the example pages in each locale, the 404 page, and their route data.
 * Why on first request and not at build time: docs/decisions/006-render-once.md.
 * A route that exports `revalidate` has its pages rendered again, in the
 * background, once they are that old (stale-while-revalidate).
 */
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { ServerBuild } from "react-router";
import { BUILD_ID_HEADER } from "../../app/routing/build-binding.ts";
import { routeRendersOnce, routeRevalidate, routeTags } from "../../app/routing/render-once.ts";
import { LRUCache } from "lru-cache";
import {
  bodyBytes,
  decodeKeptPage,
  encodeKeptPage,
  freshness,
  type KeptPage,
  type Representation,
} from "./cache/kept-page.ts";
import { memoryCache } from "./cache/memory.ts";
import { pageKey, purgedPageKeys, purgeMatcher, type Purge } from "./cache/on-demand.ts";
import type { PurgeOutcome } from "./cache/on-demand.ts";
import type { LocalTier, SharedCache } from "./cache/shared.ts";
import {
  isCompressible,
  MIN_COMPRESSIBLE_BYTES,
  negotiateEncoding,
  vary,
  type Encoding,
} from "./compression.ts";
import { etagMatches, type Exchange, type Step } from "../platform/exchange.ts";
import type { Logger } from "../platform/logger.ts";
import type { PageRenderer, RenderedPage } from "./page-renderer.ts";
import type { RenderOnceStats } from "../telemetry/metrics.ts";

/**
 * The same for every visitor, so shared caches may keep it; but revalidated on
 * every use (cheaply, by ETag), so nobody keeps a page of a previous deploy.
 */
export const RENDERED_ONCE_CACHE_CONTROL = "public, max-age=0, must-revalidate";

/**
 * A page rendered again every `seconds`: a browser asks each time (by ETag), and a
 * shared cache may keep it as long as we do, then serve it for as long again
 * while it fetches the next one, as we do.
 */
export const revalidatingCacheControl = (seconds: number) =>
  `public, max-age=0, s-maxage=${seconds}, stale-while-revalidate=${seconds}`;

/** What the routes on the way to a page rendered once say of it. */
export interface RenderOnceRoute {
  /** Seconds after which it is rendered again; null: kept until evicted. */
  readonly revalidate: number | null;
  readonly tags: readonly string[];
}

// What a kept page costs beyond its body: its key, headers and bookkeeping.
const ENTRY_OVERHEAD_BYTES = 1024;
/**
 * With a shared cache, how long the other replicas leave a render to the replica
 * that claimed it, at most (they serve what they have, or render per request,
 * meanwhile): a replica that dies mid-render holds nothing up for longer.
 */
const MAX_CLAIM_MS = 30_000;
/** Pages known to be rendered per request, not looked for in the shared cache. */
const KNOWN_PER_REQUEST = 10_000;
/** Pages purged on demand whose next render is remembered as that revalidation. */
const ON_DEMAND_REMEMBERED = 10_000;

/**
 * The route patterns, as React Router reports the one that answered (`/about`,
 * `/fr/blog/:slug`, `/*`), whose pages are rendered once: every route on the
 * way to it says so (app/routing/render-once.ts). Learning a page's kind from
 * the match React Router made anyway costs nothing; matching again here would
 * cost as much as a tenth of a render.
 *
 * Each maps to its pages' `revalidate` in seconds, the shortest any route on the
 * way says (null: kept until evicted), and the tags of every route on the way. A
 * `revalidate` or `tags` no route may have throws, naming the route: the server
 * does not start with it.
 */
export function renderOncePatterns(
  routes: ServerBuild["routes"],
): ReadonlyMap<string, RenderOnceRoute> {
  const verdicts = new Map<string, { once: boolean } & RenderOnceRoute>();
  const shortest = (a: number | null, b: number | null) =>
    a === null ? b : b === null ? a : Math.min(a, b);
  for (const route of Object.values(routes)) {
    const chain = routeChain(routes, route!);
    // As React Router joins them for middleware, "/"-prefixed as our access log has it.
    const joined = chain
      .map((r) => r.path)
      .filter(Boolean)
      .join("/")
      .replace(/\/\/+/g, "/");
    const pattern = joined.startsWith("/") ? joined : `/${joined}`;
    const once = chain.every((r) => routeRendersOnce(r.module));
    let revalidate: number | null = null;
    const tags = new Set<string>();
    for (const r of chain) {
      try {
        revalidate = shortest(revalidate, routeRevalidate(r.module));
        for (const tag of routeTags(r.module)) tags.add(tag);
      } catch (error) {
        throw new Error(`route ${r.id}: ${(error as Error).message}`);
      }
    }
    if (revalidate !== null && !once) {
      throw new Error(
        `route ${route!.id}: revalidate is for pages rendered once, and a route on its way is rendered per request`,
      );
    }
    // Routes that share a pattern (a layout and its index) must all agree.
    const earlier = verdicts.get(pattern) ?? { once: true, revalidate: null, tags: [] };
    verdicts.set(pattern, {
      once: earlier.once && once,
      revalidate: shortest(earlier.revalidate, revalidate),
      tags: [...new Set([...earlier.tags, ...tags])],
    });
  }
  return new Map(
    [...verdicts]
      .filter(([, v]) => v.once)
      .map(([pattern, { revalidate, tags }]) => [pattern, { revalidate, tags }]),
  );
}

/**
 * The ids of the routes whose pages are rendered once: every route on the way
 * to them says so. The browser prefetches these pages' route data (their
 * answer is the same for everybody) and nothing of the others.
 */
export function renderOnceRouteIds(routes: ServerBuild["routes"]): string[] {
  return Object.values(routes)
    .filter((route) => routeChain(routes, route!).every((r) => routeRendersOnce(r.module)))
    .map((route) => route!.id);
}

type ServerRoute = NonNullable<ServerBuild["routes"][string]>;

/** The route and its ancestors, root first. */
function routeChain(routes: ServerBuild["routes"], route: ServerRoute): ServerRoute[] {
  const chain: ServerRoute[] = [];
  for (let r: ServerRoute | undefined = route; r; r = r.parentId ? routes[r.parentId] : undefined) {
    chain.unshift(r);
  }
  return chain;
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function keptPage(
  rendered: RenderedPage,
  target: string,
  compression: boolean,
  route: RenderOnceRoute,
): Promise<KeptPage> {
  const { tags } = route;
  // The page's own word (getStaticProps' revalidate) over its route's.
  const revalidate =
    rendered.revalidate === undefined
      ? route.revalidate
      : rendered.revalidate === false
        ? null
        : rendered.revalidate;
  const isData = target.split("?", 1)[0]!.endsWith(".data");
  const renderedAt = Date.now();
  const cacheControl =
    rendered.headers["cache-control"] ??
    (revalidate === null ? RENDERED_ONCE_CACHE_CONTROL : revalidatingCacheControl(revalidate));
  // Route data answers differently to a page of another build (server/steps/build-binding.ts).
  const varyOn = [isData && BUILD_ID_HEADER].filter(Boolean);
  const compress =
    compression &&
    isCompressible(rendered.headers["content-type"]) &&
    rendered.body.length >= MIN_COMPRESSIBLE_BYTES;
  if (compress) varyOn.push("Accept-Encoding");
  const vary: Record<string, string> = varyOn.length > 0 ? { Vary: varyOn.join(", ") } : {};
  // Ours to set, whatever the app answered with.
  const appHeaders = Object.fromEntries(
    Object.entries(rendered.headers).filter(
      ([name]) => !["cache-control", "etag", "vary", "content-encoding"].includes(name),
    ),
  );
  const representation = (body: Buffer, encoding: Encoding): Representation => {
    const digest = createHash("sha1").update(body).digest("base64url");
    const etag = `"${digest}${encoding === "identity" ? "" : `-${encoding}`}"`;
    const notModifiedHeaders = { "Cache-Control": cacheControl, ETag: etag, ...vary };
    const headers = {
      ...appHeaders,
      ...notModifiedHeaders,
      "Content-Length": body.length,
      ...(encoding !== "identity" && { "Content-Encoding": encoding }),
    };
    return { body, etag, headers, notModifiedHeaders };
  };
  const encoded = new Map<Encoding, Representation>();
  if (compress) {
    const [br, gz] = await Promise.all([
      brotli(rendered.body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: rendered.body.length,
        },
      }),
      gzipAsync(rendered.body, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    encoded.set("br", representation(br, "br"));
    encoded.set("gzip", representation(gz, "gzip"));
  }
  const revalidateMs = revalidate === null ? null : revalidate * 1000;
  return {
    status: rendered.status,
    routePattern: rendered.routePattern,
    identity: representation(rendered.body, "identity"),
    encoded,
    renderedAt,
    revalidateMs,
    staleAt: revalidateMs === null ? Infinity : renderedAt + revalidateMs,
    target,
    tags,
  };
}

function send(exchange: Exchange, page: KeptPage): void {
  const { req, res } = exchange;
  exchange.routePattern = page.routePattern;
  const encoding =
    page.encoded.size > 0 ? negotiateEncoding(req.headers["accept-encoding"]) : "identity";
  const chosen = (encoding !== "identity" && page.encoded.get(encoding)) || page.identity;
  // An earlier step may have said what else the answer varies on (`/`: the locale's headers).
  const earlierVary = res.getHeader("vary");
  const merged = (headers: Readonly<Record<string, string | number>>) =>
    earlierVary === undefined || headers.Vary === undefined
      ? headers
      : { ...headers, Vary: vary({ vary: String(earlierVary) }, String(headers.Vary)) };
  // Conditional requests apply to what a 2xx would have answered, not to a 404.
  if (page.status === 200 && etagMatches(req.headers["if-none-match"], chosen.etag)) {
    res.writeHead(304, merged(chosen.notModifiedHeaders));
    res.end();
    return;
  }
  res.writeHead(page.status, merged(chosen.headers));
  res.end(req.method === "HEAD" ? undefined : chosen.body);
}

export interface RenderOncePages {
  /** Answers GET and HEAD for pages already rendered once: from memory, else from the shared cache. */
  readonly fromMemory: Step;
  /**
   * Told of every page rendered per request: one whose route renders once is
   * rendered once for the following requests, in the background (concurrent
   * requests share that one render; with a shared cache, every replica's do).
   */
  readonly renderedPerRequest: (exchange: Exchange, status: number) => void;
  /** Drops the kept pages a request names (every origin, every replica). */
  readonly purge: (request: Purge) => Promise<PurgeOutcome>;
  /** What is kept now, for the metrics. */
  readonly stats: () => RenderOnceStats;
  /**
   * Makes the page at `target` (path and query) kept for `origin`, unless it
   * is already: from the shared cache, else rendered and kept there too
   * (server/static-pages/warm.ts). Nothing is kept of a page rendered per request.
   */
  readonly warm: (origin: string, target: string) => Promise<void>;
}

export interface RenderOnceOptions {
  /** The memory tier's budget; 0 keeps nothing, shared or not: every page is rendered per request. */
  readonly maxBytes: number;
  readonly compression: boolean;
  /** The cache the replicas share (CACHE_URL); null: this process keeps its own. */
  readonly shared: SharedCache | null;
  /** The build whose pages these are: the shared cache keeps every build's apart. */
  readonly buildId: string;
  /** The build's base path: a purge names pages below it. */
  readonly basePath: string;
}

/**
 * Pages rendered once, kept in a least-recently-used cache of `maxBytes`, and
 * with a shared cache, there too. The first request for a page is rendered per
 * request, like any other; React Router's match tells its kind, and a page that
 * renders once is then rendered for everybody.
 */
export function renderOncePages(
  build: Pick<ServerBuild, "routes">,
  renderer: Pick<PageRenderer, "renderOnce">,
  { maxBytes, compression, shared, buildId, basePath }: RenderOnceOptions,
  logger: Logger,
): RenderOncePages {
  // Read (and a route's revalidate or tags checked) whether or not anything is kept.
  const patterns = renderOncePatterns(build.routes);
  if (maxBytes === 0) {
    return {
      fromMemory: () => false,
      renderedPerRequest: () => {},
      purge: async () => ({ pages: 0, replicas: 1, confirmed: 1, problem: null }),
      stats: () => ({ entries: 0, bytes: 0, hits: 0, sharedHits: 0, misses: 0, evictions: 0 }),
      warm: async () => {},
    };
  }
  const counts = { hits: 0, sharedHits: 0, misses: 0, evictions: 0 };
  const kept = memoryCache<KeptPage>(maxBytes, (page) => bodyBytes(page) + ENTRY_OVERHEAD_BYTES, {
    evicted: () => counts.evictions++,
  });
  /**
   * The renders under way, by key. A purge that names one marks it: it may hold
   * what the purge dropped, so it is not kept (the next request renders afresh).
   */
  const rendering = new Map<string, { target: string; tags: readonly string[]; purged: boolean }>();
  /** Bumped by every drop: a shared copy fetched across one is served, not kept. */
  let generation = 0;
  /**
   * Pages purged on demand and not kept since: their next render is that
   * revalidation (getStaticProps' `revalidateReason: "on-demand"`, as in Next.js).
   */
  const onDemand = new LRUCache<string, true>({ max: ON_DEMAND_REMEMBERED });
  /**
   * The page keys (pageKey) a purge by paths named, kept or not: a page not yet
   * rendered since the start (served from the build's props) is revalidated by
   * it too, as `res.revalidate` regenerates a page in Next.js whether or not it
   * was asked for since.
   */
  const purgedPaths = new LRUCache<string, true>({ max: ON_DEMAND_REMEMBERED });
  // The path's key is worked out only when some purge named paths: not for every page.
  const purgedOnDemand = (key: string, target: string) =>
    onDemand.has(key) || (purgedPaths.size > 0 && purgedPaths.has(pageKey(target, basePath)));

  function drop(request: Purge): number {
    generation++;
    if (request.kind === "paths") {
      for (const page of purgedPageKeys(request.names)) purgedPaths.set(page, true);
    }
    const matches = purgeMatcher(request, basePath);
    for (const [key, inFlight] of rendering) {
      if (!matches(inFlight)) continue;
      inFlight.purged = true;
      onDemand.set(key, true);
    }
    const named = [...kept.entries()].filter(([, page]) => matches(page));
    for (const [key] of named) {
      kept.delete(key);
      onDemand.set(key, true);
    }
    return named.length;
  }
  const local: LocalTier = {
    drop,
    dropKey(key) {
      generation++;
      kept.delete(key);
    },
    dropAll() {
      generation++;
      for (const inFlight of rendering.values()) inFlight.purged = true;
      kept.clear();
    },
  };
  const tier = shared?.forBuild(buildId, local) ?? null;
  // With a shared cache, a miss in memory asks it, unless React Router said the page is per request.
  const perRequest = tier && new LRUCache<string, true>({ max: KNOWN_PER_REQUEST });
  const originOf = ({ origin }: Exchange) => `${origin!.protocol}//${origin!.host}`;

  /** Answers with a kept page, and starts its revalidation when this request finds it stale. */
  function serve(exchange: Exchange, origin: string, page: KeptPage): void {
    const now = Date.now();
    const { age, revalidate } = freshness(page, now);
    if (age !== null) exchange.res.setHeader("Age", age);
    send(exchange, page);
    if (revalidate) {
      page.staleAt = now + page.revalidateMs!;
      void renderAndKeep(
        origin,
        page.target,
        { revalidate: page.revalidateMs! / 1000, tags: page.tags },
        page,
      );
    }
  }

  async function fromShared(exchange: Exchange, origin: string, key: string): Promise<boolean> {
    const before = generation;
    const bytes = await tier!.get(key);
    if (bytes === null) return false;
    const page = decodeKeptPage(bytes, buildId);
    if (page === null) {
      logger.debug({ key }, "a shared cache entry that is not this build's page: ignored");
      return false;
    }
    if (generation === before) {
      kept.set(key, page);
      onDemand.delete(key);
    }
    counts.sharedHits++;
    serve(exchange, origin, page);
    return true;
  }

  /**
   * Renders `target` once and keeps it, unless a render of it is under way (concurrent
   * requests share one; with a shared cache, the replicas do). `previous`: the page it
   * replaces, served meanwhile and kept if the new render fails or answers another
   * status; that is logged once, as an error. `route` null: learnt from the render's
   * pattern, and nothing is kept of a page rendered per request.
   */
  function renderAndKeep(
    origin: string,
    target: string,
    given: RenderOnceRoute | null,
    previous?: KeptPage,
  ): Promise<void> {
    const key = origin + target;
    if (rendering.has(key)) return Promise.resolve();
    const inFlight = { target, tags: given?.tags ?? [], purged: false };
    rendering.set(key, inFlight);
    const revalidate = given?.revalidate ?? null;
    // Claimed for as long as a render may take; then held, by whoever rendered, until the
    // page's next try: the next interval, from the new page's render or the failed try.
    const claimMs = previous ? Math.min(previous.revalidateMs!, MAX_CLAIM_MS) : MAX_CLAIM_MS;
    let problem: { status?: number; error?: unknown } | undefined;
    const report = (found: { status?: number; error?: unknown }) => {
      problem = { status: problem?.status ?? found.status, error: problem?.error ?? found.error };
    };
    return (tier ? tier.claim(key, claimMs) : Promise.resolve(""))
      .then(async (token) => {
        if (token === null) return; // another replica renders it: its page comes through the shared cache
        const release = (ms: number) => tier?.release(key, token, ms);
        const rendered = await renderer.renderOnce(
          origin,
          target,
          report,
          previous ? "stale" : purgedOnDemand(key, target) ? "on-demand" : "build",
        );
        if (rendered === null) {
          if (previous) {
            logger.error(
              {
                err: problem?.error,
                status: problem?.status,
                origin,
                target,
                retryInS: revalidate,
              },
              "revalidation failed: the kept page is served until the next try",
            );
            await release(previous.revalidateMs!);
          } else {
            await release(0);
          }
          return;
        }
        const route = given ?? patterns.get(rendered.routePattern ?? "");
        if (route === undefined) {
          await release(0);
          return;
        }
        inFlight.tags = route.tags;
        const page = await keptPage(rendered, target, compression, route);
        if (inFlight.purged) {
          await release(0);
          return;
        }
        kept.set(key, page);
        onDemand.delete(key);
        purgedPaths.delete(pageKey(target, basePath));
        const bytes = Object.fromEntries(
          [["identity", page.identity] as const, ...page.encoded].map(([e, r]) => [
            e,
            r.body.length,
          ]),
        );
        logger.debug(
          { origin, target, status: page.status, bytes, ...(previous && { revalidated: true }) },
          "page rendered once",
        );
        if (tier) {
          const found = { pageKey: pageKey(target, basePath), tags: page.tags };
          await tier.put(key, encodeKeptPage(page, buildId), found);
          await release(page.revalidateMs === null ? 0 : Math.max(1, page.staleAt - Date.now()));
        }
      })
      .catch((error: unknown) => logger.error({ err: error, target }, "keeping a page failed"))
      .finally(() => rendering.delete(key));
  }

  return {
    fromMemory(exchange) {
      const { req, rawPath, rawSearch } = exchange;
      // Outside the base path, every request is the not-found page's (react-router.ts).
      if (exchange.path === null || (req.method !== "GET" && req.method !== "HEAD")) return false;
      // A page a middleware put in another URL's place: rendered for its request,
      // as the browser must be told which page it is (kept pages are the same for all).
      if (exchange.rewrittenFrom !== undefined) return false;
      // Preview and draft modes: rendered for this request alone (server/steps/preview/).
      if (exchange.preview !== undefined) return false;
      // The origin is part of the page (canonical and hreflang links), so of its key.
      const origin = originOf(exchange);
      const key = origin + rawPath + rawSearch;
      const page = kept.get(key);
      if (page !== undefined) {
        counts.hits++;
        serve(exchange, origin, page);
        return true;
      }
      if (purgedOnDemand(key, rawPath + rawSearch)) exchange.revalidateReason = "on-demand";
      if (perRequest === null || perRequest.has(key)) return false;
      return fromShared(exchange, origin, key);
    },

    renderedPerRequest(exchange, status) {
      const { req, rawPath, rawSearch, routePattern } = exchange;
      if (exchange.path === null || (req.method !== "GET" && req.method !== "HEAD")) return;
      if (exchange.rewrittenFrom !== undefined || exchange.preview !== undefined) return;
      const route = patterns.get(routePattern ?? "");
      if (route === undefined) {
        perRequest?.set(originOf(exchange) + rawPath + rawSearch, true);
        return;
      }
      if (status !== 200 && status !== 404) return;
      counts.misses++;
      void renderAndKeep(originOf(exchange), rawPath + rawSearch, route);
    },

    async warm(origin, target) {
      const key = origin + target;
      if (kept.has(key)) return;
      if (tier) {
        const bytes = await tier.get(key);
        const page = bytes === null ? null : decodeKeptPage(bytes, buildId);
        if (page !== null) {
          kept.set(key, page);
          return;
        }
      }
      await renderAndKeep(origin, target, null);
    },

    stats: () => ({ entries: kept.size, bytes: kept.calculatedSize, ...counts }),

    purge: async (request) =>
      tier
        ? tier.purge(request)
        : { pages: drop(request), replicas: 1, confirmed: 1, problem: null },
  };
}
