import { sendText, type Step } from "./exchange.ts";

export interface Lifecycle {
  /** True from the first shutdown signal on. */
  shuttingDown: boolean;
}

/**
 * `/healthz`: the process lives (200, with the build id for operators).
 * `/readyz`: it takes traffic (200), or has begun to shut down (503).
 */
export function health(lifecycle: Lifecycle, buildId: string): Step {
  return (exchange) => {
    const { rawPath, res } = exchange;
    if (rawPath === "/healthz") {
      exchange.quiet = true;
      sendText(res, 200, JSON.stringify({ status: "ok", buildId }), {
        "Content-Type": "application/json",
      });
      return true;
    }
    if (rawPath === "/readyz") {
      exchange.quiet = true;
      const ready = !lifecycle.shuttingDown;
      sendText(res, ready ? 200 : 503, JSON.stringify({ status: ready ? "ready" : "stopping" }), {
        "Content-Type": "application/json",
      });
      return true;
    }
    return false;
  };
}
