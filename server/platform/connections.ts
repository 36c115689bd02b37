/**
 * Connections that hold a socket without using it are closed, and the number
 * open at once is capped.
 *
 * Two owners, one rule each. A connection that has not sent a complete first
 * request is Node's: its `headersTimeout` clock starts when the connection is
 * accepted (not at the first byte), and its check (`connectionsCheckingInterval`)
 * answers `408 Request Timeout` and closes. A connection idle between requests
 * is ours: a sweep closes it at `keepAliveTimeoutMs`. Both are counted here,
 * whoever closed them, so the numbers in `/healthz` are whole.
 */
import type { Server } from "node:http";
import type { Socket } from "node:net";
import type { Logger } from "./logger.ts";

export interface ConnectionLimits {
  /** Node closes a connection with no complete first request after this time (the server's `headersTimeout`). */
  readonly headersTimeoutMs: number;
  /** A connection with no request in flight is closed after this time. */
  readonly keepAliveTimeoutMs: number;
  /** Connections beyond this many are closed as soon as they are accepted. */
  readonly maxConnections: number;
  /** How often idle connections are looked for. */
  readonly checkIntervalMs: number;
}

/** Counters for the operations endpoint (`/healthz`). */
export interface ConnectionStats {
  /** Connections open now. */
  readonly open: number;
  /** Closed idle: no complete first request within the headers timeout, or idle between requests past the keep-alive timeout. */
  readonly closedIdle: number;
  /** Turned away at the cap. */
  readonly refused: number;
}

interface Tracked {
  /** Requests received and not yet answered. */
  inFlight: number;
  /** When the connection last became idle (accepted, or its last answer ended), on the monotonic clock. */
  idleSince: number;
  /** Whether it has sent a request yet. */
  used: boolean;
}

/**
 * Watches the server's connections. Idle keep-alive connections are found by a
 * sweep every `checkIntervalMs` rather than a timer per socket: a flood of
 * connections then costs one entry each, not one timer each.
 */
export function guardConnections(
  server: Server,
  limits: ConnectionLimits,
  logger: Logger,
): { stats(): ConnectionStats; stop(): void } {
  const tracked = new Map<Socket, Tracked>();
  let closedIdle = 0;
  let refused = 0;

  const limitOf = (state: Tracked) =>
    state.used ? limits.keepAliveTimeoutMs : limits.headersTimeoutMs;

  server.maxConnections = limits.maxConnections;
  server.on("drop", (data?: { remoteAddress?: string }) => {
    refused++;
    logger.debug({ ip: data?.remoteAddress }, "connection refused: at MAX_CONNECTIONS");
  });
  // Prepended, so `idleSince` is taken before Node starts its own headers clock:
  // a connection Node times out has then been idle for its full limit here too.
  server.prependListener("connection", (socket: Socket) => {
    const state: Tracked = { inFlight: 0, idleSince: performance.now(), used: false };
    tracked.set(socket, state);
    socket.once("close", () => {
      tracked.delete(socket);
      const idleMs = performance.now() - state.idleSince;
      if (state.inFlight > 0 || idleMs < limitOf(state)) return; // closed by the client, or mid-answer
      closedIdle++;
      logger.debug(
        { ip: socket.remoteAddress, idleMs: Math.round(idleMs), used: state.used },
        "idle connection closed",
      );
    });
  });
  server.on("request", (req, res) => {
    const state = tracked.get(req.socket);
    if (state === undefined) return;
    state.inFlight++;
    state.used = true;
    res.once("close", () => {
      state.inFlight--;
      state.idleSince = performance.now();
    });
  });

  const sweep = setInterval(() => {
    const now = performance.now();
    for (const [socket, state] of tracked) {
      // Not yet used: Node's headers timeout closes it (see above).
      if (!state.used || state.inFlight > 0) continue;
      if (now - state.idleSince < limits.keepAliveTimeoutMs) continue;
      socket.destroy(); // counted and logged by its "close" listener
    }
  }, limits.checkIntervalMs);
  sweep.unref();

  return {
    stats: () => ({ open: tracked.size, closedIdle, refused }),
    stop: () => clearInterval(sweep),
  };
}
