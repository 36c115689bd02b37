/**
 * The request pipeline, in the order a request meets it. Each step answers the
 * request or passes it on; none needs to know about a later one.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import { randomUUID } from "node:crypto";
import { availableParallelism } from "node:os";
import { buildBinding } from "./steps/build-binding.ts";
import {
  basePathOf,
  buildIdOf,
  keptPagesVersionOf,
  type AppServerBuild,
} from "./platform/build.ts";
import { stripBasePath } from "../app/routing/base-path.ts";
import type { CanonicalOptions } from "../app/routing/canonical-url.ts";
import type { Config } from "./platform/config.ts";
import { sendText, statusSent, type Exchange, type Step } from "./platform/exchange.ts";
import { clientAddress } from "./platform/forwarded.ts";
import { health, type Lifecycle } from "./steps/health.ts";
import type { DiskImageCache } from "./steps/images/disk-cache.ts";
import { imageEmbedder } from "./steps/images/embed.ts";
import { imageOptimizer } from "./steps/images/optimizer.ts";
import { remotePatternMatcher } from "./steps/images/remote-patterns.ts";
import type { MemoryPlan } from "./platform/memory-plan.ts";
import type { Logger } from "./platform/logger.ts";
import { rejectMalformed } from "./steps/malformed.ts";
import { publicOrigin } from "./steps/origin.ts";
import { apiRoutes } from "./steps/api/step.ts";
import { siteUrlConfig } from "../app/next/server.ts";
import { siteMiddleware, siteMiddlewareOf } from "./steps/middleware/step.ts";
import { siteRewrites } from "./steps/rewrites/step.ts";
import { previewMode } from "./steps/preview/step.ts";
import { previewKeys } from "../app/next/preview/mode.ts";
import { createPageRenderer, reactRouter } from "./pages/react-router.ts";
import { nextData } from "./pages/next-data.ts";
import { canonicalUrl, localeDetection, siteRedirectRules } from "./steps/redirects.ts";
import { configHeaders } from "./steps/config-headers.ts";
import site from "../site.config.ts";
import { renderOncePages } from "./pages/render-once.ts";
import { requestErrorReporter } from "./platform/instrumentation.ts";
import { rateLimit } from "./platform/rate-limit.ts";
import { REPORT_RATE, reports } from "./steps/reports.ts";
import { securityHeaders } from "./steps/security-headers.ts";
import { sitemap } from "./steps/sitemap/step.ts";
import { onDemandRevalidation, REVALIDATE_RATE } from "./pages/cache/on-demand.ts";
import type { SharedCache } from "./pages/cache/shared.ts";
import {
  imageCounters,
  reportCounters,
  type AnsweredBy,
  type Metrics,
} from "./telemetry/metrics.ts";
import { fileSteps, type StaticFiles } from "./steps/static.ts";
import { currentPublicEnv } from "../app/site/public-env.ts";
import type { RequestTrace, Tracing } from "./telemetry/tracing.ts";
import { context } from "@opentelemetry/api";

export interface AppDependencies {
  config: Config;
  logger: Logger;
  build: AppServerBuild;
  /** The public folder's files: the image optimizer's local sources. */
  files: StaticFiles;
  /** Serves client files (see app-source.ts). */
  assets: Step;
  lifecycle: Lifecycle;
  /** The image optimizer's disk cache, opened at start-up; null when off or unusable. */
  imageDiskCache: DiskImageCache | null;
  /** Where answers are counted; null with METRICS_PORT=0. */
  metrics: Metrics | null;
  /** The cache the replicas share (CACHE_URL); null: each keeps its own pages. */
  sharedCache: SharedCache | null;
  /** OpenTelemetry traces (OTEL_*); null: off. */
  tracing: Tracing | null;
  /** How the process's memory is shared out: the image optimizer's budget is its share. */
  memoryPlan: MemoryPlan;
}

/** A step whose answers the caches of pages rendered once hear of, as they hear of every page's. */
function withRenderOnce(step: Step, rendered: (exchange: Exchange, status: number) => void): Step {
  return async (exchange) => {
    const answered = await step(exchange);
    if (answered) rendered(exchange, exchange.res.statusCode);
    return answered;
  };
}

/** Images transformed at once: one per core, each on one libvips thread. */
const IMAGE_CONCURRENCY = Math.max(1, availableParallelism());
/** Image requests that may wait for a transformation; more get a 503 with Retry-After. */
const IMAGE_QUEUE_LIMIT = 64;

const INCOMING_REQUEST_ID = /^[\w.-]{1,64}$/;

/** Short enough to read out over the phone, long enough not to collide in a day's logs. */
function requestIdFor(req: IncomingMessage, trustProxy: boolean): string {
  const incoming = req.headers["x-request-id"];
  if (trustProxy && typeof incoming === "string" && INCOMING_REQUEST_ID.test(incoming)) {
    return incoming;
  }
  // randomUUID draws from a pooled source of random bytes: cheaper than randomBytes per call.
  const uuid = randomUUID();
  return uuid.slice(0, 8) + uuid.slice(9, 13);
}

/** The pipeline, and what it works out from the build before it should take traffic. */
export interface AppListener extends RequestListener {
  /** Settles once the build's sitemap paths are known; rejects, naming the page, if they cannot be. */
  readonly ready: Promise<unknown>;
  /** Keeps the page rendered once at `target` for `origin`, as a visitor's request would (server/static-pages/warm.ts). */
  readonly warm: (origin: string, target: string) => Promise<void>;
}

export function createRequestListener(deps: AppDependencies): AppListener {
  const { config, logger, build, files, assets, lifecycle, imageDiskCache, metrics, sharedCache } =
    deps;
  const { tracing } = deps;
  const buildId = buildIdOf(build);
  // The site's URLs: its slash style, and the base path it was built under.
  const urls: CanonicalOptions = {
    trailingSlash: config.trailingSlash,
    basePath: basePathOf(build),
  };
  const imageCounts = imageCounters();
  const images = imageOptimizer(
    files,
    {
      ...config.images,
      // The site's own remote sources (next.config's images), beside IMAGE_REMOTE_ORIGINS.
      ...(site.images.remotePatterns.length > 0 && {
        remotePatterns: remotePatternMatcher(site.images.remotePatterns),
      }),
      remoteAllowPrivate: config.images.remoteAllowPrivate || site.images.dangerouslyAllowLocalIP,
      diskCache: imageDiskCache,
      concurrency: IMAGE_CONCURRENCY,
      transformBudgetBytes: deps.memoryPlan.imageTransformBytes,
      maxQueued: IMAGE_QUEUE_LIMIT,
      counters: imageCounts,
    },
    logger,
  );
  // Pages embed an image's file (`<Image embed>`) made by the endpoint's optimizer.
  const embedder = imageEmbedder(images, config.images, logger);
  // A Next.js page's data at its data URL (/_next/data/...), made by the build's own runtime.
  const pageData = nextData(build, { buildId, basePath: urls.basePath }, logger);
  // Each request's error: logged once, and told to the site's instrumentation.ts.
  const reportRequestError = requestErrorReporter(build, logger);
  const renderer = createPageRenderer(
    build,
    config,
    logger,
    tracing,
    embedder,
    pageData,
    reportRequestError,
  );
  const pages = renderOncePages(
    build,
    renderer,
    {
      maxBytes: config.renderCacheMaxBytes,
      compression: config.compression,
      shared: sharedCache,
      buildId: keptPagesVersionOf(build, currentPublicEnv()),
      basePath: urls.basePath,
    },
    logger,
  );
  // Counted in the shared cache when there is one: every replica's requests together.
  const limit = (name: string, rate: { points: number; seconds: number }) =>
    rateLimit(name, rate, sharedCache?.redis ?? null);
  const sitemapStep = sitemap(build, urls);
  // Next.js's preview and draft modes, their cookies signed with PREVIEW_SECRET's keys.
  const preview = config.previewSecret ? previewKeys(config.previewSecret) : null;
  // `res.revalidate(path)` in an API route: the purge POST /_revalidate makes.
  const api = apiRoutes(
    build,
    {
      maxBodyBytes: config.maxBodyBytes,
      urls: siteUrlConfig(urls.basePath, urls.trailingSlash === "always"),
      preview,
      revalidate: async (path) => {
        const { problem } = await pages.purge({ kind: "paths", names: [path] });
        if (problem !== null) throw new Error(`Failed to revalidate ${path}: ${problem}`);
      },
    },
    logger,
  );
  // The site's middleware (app/middleware.ts): a bad module or matcher stops the start here.
  const middleware = siteMiddleware(
    siteMiddlewareOf(build, urls.basePath),
    { buildId, urls },
    logger,
  );
  // The site's rewrites() (next.config.js): a bad pattern stops the start here.
  const rewrites = siteRewrites(site.rewrites, {
    buildId,
    urls,
    files,
    build,
    assets,
    proxy: { timeoutMs: config.rewriteProxyTimeoutMs, logger },
  });
  const fileStep = fileSteps(assets, files);
  const reportCounts = reportCounters();
  // Each step with the name the metrics give its answers.
  const pipeline: (readonly [AnsweredBy, Step])[] = [
    ["security-headers", securityHeaders(config)],
    ["health", health(lifecycle, buildId)],
    ["malformed", rejectMalformed(config)],
    // Before the site's rules: a locale domain's (i18n.domains) read the host it names.
    ["origin", publicOrigin(config)],
    ["config-headers", configHeaders(site.headers, urls.basePath)],
    ["static", fileStep.build],
    ["image", images.step],
    ["report", reports(config, logger, limit("report", REPORT_RATE), reportCounts)],
    [
      "revalidate",
      onDemandRevalidation(config, pages.purge, logger, limit("revalidate", REVALIDATE_RATE)),
    ],
    ["site-redirect", siteRedirectRules(urls)],
    ["redirect", canonicalUrl(urls)],
    ["locale", localeDetection(urls)],
    ["build-binding", buildBinding(buildId, urls)],
    ["middleware", middleware],
    ["rewrites", rewrites],
    ["public", fileStep.public],
    ["preview", previewMode(preview)],
    ["api", api],
    ["sitemap", sitemapStep.step],
    ["rendered-once", pages.fromMemory],
    ["next-data", withRenderOnce(pageData.step, pages.renderedPerRequest)],
    ["rendered-per-request", reactRouter(renderer, pages.renderedPerRequest)],
  ];
  if (metrics) {
    metrics.sources.renderOnce = pages.stats;
    metrics.sources.images = imageCounts;
    metrics.sources.reports = reportCounts;
  }

  /** `peer`: the connection's address, read as the request came (a closed socket has none). */
  function logAccess(exchange: Exchange, status: number, durationMs: number, peer?: string): void {
    if (exchange.quiet && !logger.isLevelEnabled("debug")) return;
    const { req, res } = exchange;
    const line = {
      reqId: exchange.requestId,
      method: req.method,
      path: exchange.rawPath,
      route: exchange.routePattern,
      ...(exchange.rendered && { render: exchange.rendered }),
      status,
      durationMs: Math.round(durationMs * 10) / 10,
      ip: clientAddress(req.headers, peer, config),
      // Written as the answer closes, outside the request's span: its trace id said here.
      ...(tracing && { traceId: exchange.requestId }),
      ...(!res.writableFinished && { aborted: true }),
    };
    if (exchange.quiet) logger.debug(line, "request");
    else logger.info(line, "request");
  }

  /** Asks each step in turn until one answers; a step that throws gets a 500 with the request's id. */
  async function answer(exchange: Exchange, steps: { startedAt: number } | null): Promise<void> {
    const { res } = exchange;
    try {
      for (const [name, step] of pipeline) {
        // Set before the step runs: a streamed answer may close before its step resolves.
        exchange.answeredBy = name;
        if (steps) steps.startedAt = Date.now();
        // Most steps answer synchronously; awaiting only promises saves a tick per step.
        const answered = step(exchange);
        if (answered === true || (answered !== false && (await answered))) return;
      }
    } catch (error) {
      // The request's body was cut off (the client hung up, or Node's request
      // timeout closed the connection): no error of ours, and no answer can reach
      // anyone. Its access line says how it ended.
      if (error === exchange.req.errored) {
        logger.debug({ reqId: exchange.requestId, err: error }, "request body cut off");
        return;
      }
      const routeType =
        exchange.answeredBy === "middleware"
          ? "middleware"
          : exchange.answeredBy === "api"
            ? "route"
            : "render";
      exchange.answeredBy = "error";
      reportRequestError(exchange, error, routeType);
      if (!res.headersSent) {
        sendText(res, 500, `Internal Server Error (reference ${exchange.requestId})\n`);
      } else {
        res.destroy();
      }
    }
  }

  const listener = (req: IncomingMessage, res: ServerResponse) => {
    const startedAt = process.hrtime.bigint();
    const target = req.url ?? "/";
    const queryAt = target.indexOf("?");
    const rawPath = queryAt === -1 ? target : target.slice(0, queryAt);
    // With traces on, the request's id is its trace id: one reference for the log,
    // the 500 page and the trace (nginx makes X-Request-Id and traceparent agree).
    const traced: RequestTrace | undefined = tracing?.startRequest(
      req.method ?? "GET",
      rawPath,
      req.headers,
    );
    const exchange: Exchange = {
      req,
      res,
      requestId: traced?.traceId ?? requestIdFor(req, config.trustProxy),
      rawPath,
      path: stripBasePath(rawPath, urls.basePath),
      rawSearch: queryAt === -1 ? "" : target.slice(queryAt),
      decodedPath: "",
    };
    const steps = traced ? { startedAt: Date.now() } : null;
    res.setHeader("X-Request-Id", exchange.requestId);
    res.setHeader("X-Build-Id", buildId);
    // Once shutdown begins, every answer closes its connection, so keep-alive
    // clients reconnect to a live instance instead of this draining one.
    if (lifecycle.shuttingDown) res.setHeader("Connection", "close");
    lifecycle.inFlight.add(res);
    // Read from the socket as the request came: by the answer's close, Node may have
    // let go of it (`req.socket` is null once an answer that closes the connection
    // ends while the request's body is still coming).
    const socket = req.socket;
    const peer = socket.remoteAddress;
    res.once("close", () => {
      lifecycle.inFlight.delete(res);
      const durationMs = Number(process.hrtime.bigint() - startedAt) / 1e6;
      const status = statusSent(res.headersSent, res.statusCode, socket.errored);
      logAccess(exchange, status, durationMs, peer);
      metrics?.observe(
        req.method,
        exchange.routePattern,
        status,
        exchange.answeredBy ?? "error",
        durationMs / 1000,
      );
      if (traced) {
        tracing!.endRequest(traced, {
          method: req.method ?? "GET",
          route: exchange.routePattern,
          status,
          answeredBy: exchange.answeredBy ?? "error",
          stepStartedAt: steps!.startedAt,
        });
      }
    });
    if (logger.isLevelEnabled("trace")) {
      logger.trace(
        { reqId: exchange.requestId, method: req.method, path: exchange.rawPath },
        "request received",
      );
    }
    // `answer` never rejects: its errors are answered with a 500.
    if (traced) void context.with(traced.context, () => answer(exchange, steps));
    else void answer(exchange, null);
  };
  return Object.assign(listener, { ready: sitemapStep.paths, warm: pages.warm });
}
