import "./platform/production-mode.ts";
import { createServer, ServerResponse, type IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import { developmentSource, productionSource } from "./platform/app-source.ts";
import { buildIdOf, type AppServerBuild } from "./platform/build.ts";
import { ConfigError, loadConfig, type Config } from "./platform/config.ts";
import type { Lifecycle } from "./steps/health.ts";
import { createRequestListener } from "./http.ts";
import { guardConnections } from "./platform/connections.ts";
import { DiskImageCache } from "./steps/images/disk-cache.ts";
import { createLogger, flushAndExit } from "./platform/logger.ts";
import { sendText } from "./platform/exchange.ts";
import { gracefulShutdown } from "./platform/shutdown.ts";
import { createMetrics, serveMetrics, type Metrics } from "./telemetry/metrics.ts";
import { connectSharedCache } from "./pages/cache/shared.ts";
import { readFileSync } from "node:fs";
import { totalmem } from "node:os";
import { getHeapStatistics } from "node:v8";
import { planMemory, type MemoryPlan } from "./platform/memory-plan.ts";
import { loadSiteEnv } from "./platform/site-env.ts";
import { loadPublicEnv } from "./platform/public-env.ts";
import { registerInstrumentation } from "./platform/instrumentation.ts";
import { prerenderedOf } from "./platform/build.ts";
import { keptOriginOf, warmPages } from "./static-pages/warm.ts";
import { provideEdgeGlobals } from "./steps/api/edge.ts";

/** package.json's version, as the working folder holds it (the image's /app), for build_info. */
const APP_VERSION = (() => {
  try {
    return String(JSON.parse(readFileSync("package.json", "utf8")).version ?? "unknown");
  } catch {
    return "unknown";
  }
})();

let config: Config;
try {
  config = loadConfig(process.env);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  // No logger yet: LOG_LEVEL itself may be the bad value.
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}

const logger = createLogger(config, { traceIds: config.tracing !== null });
// What code written for the Edge runtime finds as globals, before any of the site's modules load.
provideEdgeGlobals();
// Before the app is loaded: its modules may read process.env as they load.
const siteEnv = loadSiteEnv(config);
if (siteEnv.length > 0) logger.info({ variables: siteEnv }, "the site's .env files loaded");
// The NEXT_PUBLIC_* values the pages get, before the app's modules read them.
const publicEnvReplaced = loadPublicEnv(config);
if (publicEnvReplaced.length > 0)
  logger.info(
    { variables: publicEnvReplaced },
    "NEXT_PUBLIC_* values given at start replace the built ones",
  );
// The memory the process may use, shared out before anything can grow: a plan
// that cannot fit stops here, naming what to change, not at the first OOM kill.
const memoryPlanned = planMemory(
  {
    constrainedBytes: process.constrainedMemory(),
    totalBytes: totalmem(),
    heapLimitBytes: getHeapStatistics().heap_size_limit,
  },
  {
    memoryLimitBytes: config.memoryLimitBytes,
    imageTransformMemoryBytes: config.images.transformMemoryBytes,
    renderCacheMaxBytes: config.renderCacheMaxBytes,
    imageMemoryCacheMaxBytes: config.images.memoryCacheMaxBytes,
    imageFormats: config.images.formats,
  },
);
const memoryPlan: MemoryPlan = memoryPlanned.ok
  ? memoryPlanned.plan
  : await fatal(
      new ConfigError(`Invalid configuration:\n  ${memoryPlanned.problems.join("\n  ")}`),
    );
process.on("uncaughtException", (error) => {
  logger.fatal({ err: error }, "uncaught exception");
  flushAndExit(logger, 1);
});

/** How often slow and idle connections are looked for: how late past its timeout one may close. */
const CONNECTION_CHECK_INTERVAL_MS = 1000;
const lifecycle: Lifecycle = { shuttingDown: false, inFlight: new Set() };

const server = createServer({
  headersTimeout: config.headersTimeoutMs,
  requestTimeout: config.requestTimeoutMs,
  keepAliveTimeout: config.keepAliveTimeoutMs,
  // Node checks the two timeouts above only this often (30 s by default), which
  // would let a slow client hold a socket far longer than they say.
  connectionsCheckingInterval: CONNECTION_CHECK_INTERVAL_MS,
});

/** Fails start-up, once, with the reason: nothing may start while the process exits. */
function fatal(error: unknown): Promise<never> {
  logger.fatal({ err: error }, (error as Error).message);
  flushAndExit(logger, 1);
  return new Promise<never>(() => {});
}

async function openImageDiskCache(): Promise<DiskImageCache | null> {
  const { cacheDir, diskCacheMaxBytes } = config.images;
  return cacheDir !== null && diskCacheMaxBytes > 0
    ? DiskImageCache.open(cacheDir, diskCacheMaxBytes, logger)
    : null;
}

// The one place that chooses: the build on disk, or Vite's dev server (npm run dev).
const source = await (
  config.development ? developmentSource(server) : productionSource(config)
).catch(fatal);
const imageDiskCache = await openImageDiskCache().catch(fatal);
// Connects in the background: until Redis answers, pages are kept in memory only.
const sharedCache = config.sharedCache && connectSharedCache(config.sharedCache, logger);
// The metrics, on a port of their own; the build's id is known once the app is loaded.
let metrics: Metrics | null = null;
const pipelineOf = (build: AppServerBuild) =>
  createRequestListener({
    metrics,
    config,
    logger,
    build,
    files: source.files,
    assets: source.assets,
    lifecycle,
    imageDiskCache,
    sharedCache,
    tracing,
    memoryPlan,
  });

const firstBuild = await source.build().catch(fatal);
// The site's instrumentation.ts register(), as `next start` calls it: once, before any request.
await registerInstrumentation(firstBuild, logger).catch(fatal);
// Traces only when the OTEL_* variables ask: the SDK is not even loaded otherwise.
const tracing = config.tracing
  ? (await import("./telemetry/tracing.ts")).startTracing(config.tracing, {
      id: buildIdOf(firstBuild),
      version: APP_VERSION,
    })
  : null;
if (config.metricsPort !== 0) {
  metrics = createMetrics({ id: buildIdOf(firstBuild), version: APP_VERSION });
  metrics.sources.inFlight = () => lifecycle.inFlight.size;
  serveMetrics(metrics, { port: config.metricsPort, host: config.host }, logger);
}
let current = { build: firstBuild, pipeline: pipelineOf(firstBuild) };
// What the pipeline works out from the build (the sitemap's paths, from the pages'
// getStaticPaths) must hold before it takes traffic: a page's error stops the start.
// Under `npm run dev` an error shows at /sitemap.xml instead, and the page is fixed live.
if (!config.development) await current.pipeline.ready.catch(fatal);
if (config.development) {
  // An edited module gives a new build; it gets a new pipeline (fresh caches of
  // pages rendered once) before the first request that sees it.
  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    source.build().then(
      (build) => {
        if (build !== current.build) current = { build, pipeline: pipelineOf(build) };
        void current.pipeline(req, res);
      },
      (error: unknown) => {
        logger.error({ err: error }, "the app failed to load");
        sendText(res, 500, `The app failed to load: ${(error as Error).message}\n`);
      },
    );
  });
} else {
  server.on("request", current.pipeline);
}
// Node gives a CONNECT request (a proxy's method, no page's) to a "connect"
// listener, and with none closes the connection without a word. It goes through
// the pipeline instead, like any request, which refuses it (its target is no
// path: a 400) and logs it.
server.on("connect", (req: IncomingMessage, socket: Socket) => {
  // Node no longer watches this socket: a client that resets it must not crash the process.
  socket.on("error", () => socket.destroy());
  const res = new ServerResponse(req);
  res.shouldKeepAlive = false;
  res.assignSocket(socket);
  res.once("finish", () => socket.end());
  server.emit("request", req, res);
});

const connections = guardConnections(
  server,
  {
    headersTimeoutMs: config.headersTimeoutMs,
    keepAliveTimeoutMs: config.keepAliveTimeoutMs,
    maxConnections: config.maxConnections,
    checkIntervalMs: CONNECTION_CHECK_INTERVAL_MS,
  },
  logger,
);
lifecycle.connections = connections.stats;
if (metrics) metrics.sources.connections = connections.stats;

const shutdown = gracefulShutdown({
  server,
  lifecycle,
  logger,
  timeoutMs: config.shutdownTimeoutMs,
  delayMs: config.shutdownDelayMs,
  exit: (code) => {
    // Quit Redis politely and send the last spans, but never wait on them for long.
    const closed = Promise.allSettled([sharedCache?.close(), tracing?.shutdown()]);
    const bounded = new Promise((resolve) => setTimeout(resolve, 500).unref());
    void Promise.race([closed, bounded]).finally(() => flushAndExit(logger, code));
  },
});
function stop(signal: string): void {
  // Vite's file watcher and hot-update sockets would hold the process open.
  if (!lifecycle.shuttingDown) void source.close();
  shutdown(signal);
}
// `on`, not `once`: a second signal must not fall back to Node's default (exit at once).
process.on("SIGTERM", () => stop("SIGTERM"));
process.on("SIGINT", () => stop("SIGINT"));

server.listen(config.port, config.host, () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  logger.info(
    {
      port,
      host: config.host,
      buildId: buildIdOf(current.build),
      trailingSlash: config.trailingSlash,
      memory: memoryLog(memoryPlan),
      ...(config.development && { mode: "development" }),
    },
    "listening",
  );
  // The pages rendered once, kept before a visitor asks (server/static-pages/warm.ts).
  const prerendered = config.development ? null : prerenderedOf(current.build, config.buildDir);
  if (prerendered !== null && config.publicOrigin !== null && config.warmPages) {
    void warmPages(
      current.pipeline.warm,
      keptOriginOf(config.publicOrigin),
      prerendered.urls,
      logger,
      {
        stopped: () => lifecycle.shuttingDown,
        ...(sharedCache && { sharedAvailable: sharedCache.available }),
      },
    );
  }
});

/** The plan in MiB, for the "listening" line: what an operator checks first after an OOM. */
function memoryLog(plan: MemoryPlan) {
  const mib = (bytes: number) => Math.floor(bytes / (1 << 20));
  return {
    limitMiB: mib(plan.limitBytes),
    from: plan.limitFrom,
    heapMiB: mib(plan.heapBytes),
    imageTransformsMiB: mib(plan.imageTransformBytes),
  };
}
