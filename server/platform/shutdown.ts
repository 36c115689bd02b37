import type { Server } from "node:http";
import { Server as NetServer } from "node:net";
import type { Lifecycle } from "../steps/health.ts";
import type { Logger } from "./logger.ts";

const IDLE_CLOSE_INTERVAL_MS = 100;

interface ShutdownOptions {
  server: Server;
  lifecycle: Lifecycle;
  logger: Logger;
  timeoutMs: number;
  /** How long to keep serving after readiness drops, so a load balancer notices first. */
  delayMs: number;
  exit: (code: number) => void;
}

/**
 * Drains the server on the first signal: readiness drops, and after `delayMs`
 * the listener closes, idle keep-alive sockets close, requests in flight
 * finish, then exit 0. Past the deadline (counted from the signal) the
 * remaining connections are cut and the exit code is 1.
 */
export function gracefulShutdown({
  server,
  lifecycle,
  logger,
  timeoutMs,
  delayMs,
  exit,
}: ShutdownOptions) {
  return (signal: string): void => {
    if (lifecycle.shuttingDown) return;
    lifecycle.shuttingDown = true;
    logger.info({ signal, timeoutMs, delayMs }, "shutting down");
    // Requests already in flight end their connections too, where the answer
    // has not started; later ones get the header in http.ts.
    for (const res of lifecycle.inFlight) {
      if (!res.headersSent) res.setHeader("Connection", "close");
    }

    const deadline = setTimeout(() => {
      logger.warn({ timeoutMs }, "shutdown deadline passed; closing remaining connections");
      server.closeAllConnections();
      exit(1);
    }, timeoutMs);
    deadline.unref();

    setTimeout(() => {
      // Stop listening, but not the way http.Server#close does: it also closes
      // idle connections at once, and a connection accepted a moment ago counts
      // as idle until its request is parsed, so that request would be reset.
      NetServer.prototype.close.call(server, () => {
        clearTimeout(deadline);
        logger.info("shut down cleanly");
        exit(0);
      });
      // From then on, close keep-alive connections as they fall idle: by then every
      // accepted request is parsed, and answers begun before the signal may have
      // promised keep-alive. (Waiting for KEEP_ALIVE_TIMEOUT_MS would hold the exit.)
      setInterval(() => server.closeIdleConnections(), IDLE_CLOSE_INTERVAL_MS).unref();
    }, delayMs);
  };
}
