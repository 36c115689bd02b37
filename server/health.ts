import type { ServerResponse } from "node:http";
import { sendText, type Step } from "./exchange.ts";

export interface Lifecycle {
  /** True from the first shutdown signal on. */
  shuttingDown: boolean;
  /** Responses not yet closed, so shutdown can tell their clients not to keep the connection. */
  readonly inFlight: Set<ServerResponse>;
}

/**
 * `/healthz`: the process lives (200, with the build id for operators).
 * `/readyz`: it takes traffic (200), or has begun to shut down (503).
 */
export function health(lifecycle: Lifecycle, buildId: string): Step {
  const alive = JSON.stringify({ status: "ok", buildId });
  const ready = JSON.stringify({ status: "ready" });
  const stopping = JSON.stringify({ status: "stopping" });
  return (exchange) => {
    const { rawPath, res } = exchange;
    if (rawPath === "/healthz") {
      exchange.quiet = true;
      sendText(res, 200, alive, {
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
