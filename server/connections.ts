/**
 * Connections that hold a socket without using it are closed, whatever state
 * they are in, and the number open at once is capped. Node's own timeouts only
 * start once a request's first bytes arrive: a connection that never sends a
 * byte would otherwise stay open for as long as the client likes.
 */
import type { Server } from "node:http";
import type { Socket } from "node:net";
import type { Logger } from "./logger.ts";

export interface ConnectionLimits {
  /** A connection must send its first request within this time. */
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
  /** Closed for sending nothing: no first request, or idle between requests. */
  readonly closedIdle: number;
  /** Turned away at the cap. */
  readonly refused: number;
}

interface Tracked {
  /** Requests received and not yet answered. */
  inFlight: number;
  /** When the connection last became idle (accepted, or its last answer ended). */
  idleSince: number;
  /** Whether it has sent a request yet. */
  used: boolean;
}

/**
 * Watches the server's connections. Idle ones are found by a sweep every
 * `checkIntervalMs` rather than a timer per socket: a flood of silent
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

  server.maxConnections = limits.maxConnections;
  server.on("drop", (data?: { remoteAddress?: string }) => {
    refused++;
    logger.debug({ ip: data?.remoteAddress }, "connection refused: at MAX_CONNECTIONS");
  });
  server.on("connection", (socket: Socket) => {
    tracked.set(socket, { inFlight: 0, idleSince: Date.now(), used: false });
    socket.once("close", () => tracked.delete(socket));
  });
  server.on("request", (req, res) => {
    const state = tracked.get(req.socket);
    if (state === undefined) return;
    state.inFlight++;
    state.used = true;
    res.once("close", () => {
      state.inFlight--;
      state.idleSince = Date.now();
    });
  });

  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [socket, state] of tracked) {
      if (state.inFlight > 0) continue;
      const limit = state.used ? limits.keepAliveTimeoutMs : limits.headersTimeoutMs;
      if (now - state.idleSince < limit) continue;
      // A first request partly received is Node's to time out (headersTimeout, 408).
      if (!state.used && socket.bytesRead > 0) continue;
      closedIdle++;
      logger.debug(
        { ip: socket.remoteAddress, idleMs: now - state.idleSince, used: state.used },
        "idle connection closed",
      );
      tracked.delete(socket);
      socket.destroy();
    }
  }, limits.checkIntervalMs);
  sweep.unref();

  return {
    stats: () => ({ open: tracked.size, closedIdle, refused }),
    stop: () => clearInterval(sweep),
  };
}
