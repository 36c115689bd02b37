import type { ServerResponse } from "node:http";
import type { ConnectionStats } from "../platform/connections.ts";
import { sendText, type Step } from "../platform/exchange.ts";

export interface Lifecycle {
  /** True from the first shutdown signal on. */
  shuttingDown: boolean;
  /** Responses not yet closed, so shutdown can tell their clients not to keep the connection. */
  readonly inFlight: Set<ServerResponse>;
  /** The connection counters, once the server listens. */
  connections?: () => ConnectionStats;
}

/**
 * `/healthz`: the process lives (200, with the build id and connection counters for operators).
 * `/readyz`: it takes traffic (200), or has begun to shut down (503).
 */
export function health(lifecycle: Lifecycle, buildId: string): Step {
  const ready = JSON.stringify({ status: "ready" });
  const stopping = JSON.stringify({ status: "stopping" });
  return (exchange) => {
    const { rawPath, res } = exchange;
    if (rawPath === "/healthz") {
      exchange.quiet = true;
      const alive = { status: "ok", buildId, connections: lifecycle.connections?.() };
      sendText(res, 200, JSON.stringify(alive), {
        "Content-Type": "application/json",
      });
      return true;
    }
    if (rawPath === "/readyz") {
      exchange.quiet = true;
      const serving = !lifecycle.shuttingDown;
      sendText(res, serving ? 200 : 503, serving ? ready : stopping, {
        "Content-Type": "application/json",
      });
      return true;
    }
    return false;
  };
}
