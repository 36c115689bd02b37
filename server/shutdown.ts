import type { Server } from "node:http";
import { Server as NetServer } from "node:net";
import type { Lifecycle } from "./health.ts";
import type { Logger } from "./logger.ts";

const IDLE_CLOSE_GRACE_MS = 100;

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
      // By now every accepted request is parsed; what is idle is a keep-alive
      // connection between requests (each answer since the signal said "close").
      setTimeout(() => server.closeIdleConnections(), IDLE_CLOSE_GRACE_MS);
    }, delayMs);
  };
}
