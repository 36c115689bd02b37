import "./production-mode.ts";
import { createServer } from "node:http";
import { join } from "node:path";
import { buildIdOf, loadServerBuild } from "./build.ts";
import { ConfigError, loadConfig, type Config } from "./config.ts";
import type { Lifecycle } from "./health.ts";
import { createRequestListener } from "./http.ts";
import { guardConnections } from "./connections.ts";
import { DiskImageCache } from "./images/disk-cache.ts";
import { createLogger, flushAndExit } from "./logger.ts";
import { gracefulShutdown } from "./shutdown.ts";
import { loadStaticFiles } from "./static.ts";

let config: Config;
try {
  config = loadConfig(process.env);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  // No logger yet: LOG_LEVEL itself may be the bad value.
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}

const logger = createLogger(config);
process.on("uncaughtException", (error) => {
  logger.fatal({ err: error }, "uncaught exception");
  flushAndExit(logger, 1);
});

async function loadApp() {
  try {
    const build = await loadServerBuild(config.buildDir);
    const files = await loadStaticFiles(join(config.buildDir, "client"));
    const { cacheDir, diskCacheMaxBytes } = config.images;
    const imageDiskCache =
      cacheDir !== null && diskCacheMaxBytes > 0
        ? await DiskImageCache.open(cacheDir, diskCacheMaxBytes, logger)
        : null;
    return { build, files, imageDiskCache };
  } catch (error) {
    logger.fatal({ err: error }, (error as Error).message);
    flushAndExit(logger, 1);
    // Never settles: nothing may start while the process exits.
    return new Promise<never>(() => {});
  }
}

const { build, files, imageDiskCache } = await loadApp();
/** How often slow and idle connections are looked for: how late past its timeout one may close. */
const CONNECTION_CHECK_INTERVAL_MS = 1000;
const lifecycle: Lifecycle = { shuttingDown: false, inFlight: new Set() };

const server = createServer(
  {
    headersTimeout: config.headersTimeoutMs,
    requestTimeout: config.requestTimeoutMs,
    keepAliveTimeout: config.keepAliveTimeoutMs,
    // Node checks the two timeouts above only this often (30 s by default), which
    // would let a slow client hold a socket far longer than they say.
    connectionsCheckingInterval: CONNECTION_CHECK_INTERVAL_MS,
  },
  createRequestListener({ config, logger, build, files, lifecycle, imageDiskCache }),
);
// Unparseable HTTP is left to Node's default clientError handling: 400, 408 or 431, then close.
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

const shutdown = gracefulShutdown({
  server,
  lifecycle,
  logger,
  timeoutMs: config.shutdownTimeoutMs,
  delayMs: config.shutdownDelayMs,
  exit: (code) => flushAndExit(logger, code),
});
// `on`, not `once`: a second signal must not fall back to Node's default (exit at once).
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));

server.listen(config.port, config.host, () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  logger.info(
    { port, host: config.host, buildId: buildIdOf(build), trailingSlash: config.trailingSlash },
    "listening",
  );
});
