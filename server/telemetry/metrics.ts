/**
 * Prometheus metrics (prom-client), served on a port of their own
 * (METRICS_PORT, 9464; 0: off), never through the proxy. Labels are bounded:
 * a request is counted under its route pattern (`/docs/*`, never the path) or
 * the pipeline step that answered it, its method among the known ones, and its
 * status class, so no client can add a series. What can be read when scraped
 * (requests in flight, connections, the render-once cache) is read then, and
 * costs the requests nothing.
 */
import { createServer, type Server } from "node:http";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import type { ConnectionStats } from "../connections.ts";
import type { Logger } from "../logger.ts";

/** The methods counted by name; any other is `other`. */
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** How an answer was made: the pipeline step that gave it (server/http.ts), or a thrown error. */
export type AnsweredBy =
  | "security-headers"
  | "health"
  | "malformed"
  | "static"
  | "image"
  | "report"
  | "revalidate"
  | "redirect"
  | "locale"
  | "build-binding"
  | "origin"
  | "rendered-once"
  | "rendered-per-request"
  | "error";

/** What the render-once cache holds, read when scraped. */
export interface RenderOnceStats {
  readonly entries: number;
  readonly bytes: number;
}

export interface Metrics {
  readonly registry: Registry;
  /** One answered request: how long it took, and how it was answered. */
  observe(
    method: string | undefined,
    route: string | undefined,
    status: number,
    answeredBy: AnsweredBy,
    seconds: number,
  ): void;
  /** Where the gauges read from, once the server has them. */
  sources: {
    inFlight?: () => number;
    connections?: () => ConnectionStats;
    renderOnce?: () => RenderOnceStats;
  };
}

/** Seconds: from a file served from memory (~0.1 ms) to a slow render. */
const BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createMetrics(build: { id: string; version: string }): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const sources: Metrics["sources"] = {};

  const duration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Requests answered, by method, route pattern (or the step that answered), status class and how the answer was made",
    labelNames: ["method", "route", "status_class", "answered_by"] as const,
    buckets: BUCKETS,
    registers: [registry],
  });
  new Gauge({
    name: "http_requests_in_flight",
    help: "Requests being answered",
    registers: [registry],
    collect() {
      this.set(sources.inFlight?.() ?? 0);
    },
  });
  new Gauge({
    name: "http_connections_open",
    help: "Connections open",
    registers: [registry],
    collect() {
      this.set(sources.connections?.().open ?? 0);
    },
  });
  new Counter({
    name: "http_connections_closed_idle_total",
    help: "Connections closed for silence or idleness",
    registers: [registry],
    collect() {
      this.reset();
      this.inc(sources.connections?.().closedIdle ?? 0);
    },
  });
  new Counter({
    name: "http_connections_refused_total",
    help: "Connections refused over MAX_CONNECTIONS",
    registers: [registry],
    collect() {
      this.reset();
      this.inc(sources.connections?.().refused ?? 0);
    },
  });
  new Gauge({
    name: "render_once_cache_entries",
    help: "Pages and route data kept in memory",
    registers: [registry],
    collect() {
      this.set(sources.renderOnce?.().entries ?? 0);
    },
  });
  new Gauge({
    name: "render_once_cache_bytes",
    help: "Bytes of the pages kept in memory, every encoding",
    registers: [registry],
    collect() {
      this.set(sources.renderOnce?.().bytes ?? 0);
    },
  });
  new Gauge({
    name: "build_info",
    help: "The build this process serves",
    labelNames: ["build_id", "version"] as const,
    registers: [registry],
  }).set({ build_id: build.id, version: build.version }, 1);

  // One child per label set, made once: observing is then a lookup and an add.
  const children = new Map<string, ReturnType<typeof duration.labels>>();
  return {
    registry,
    sources,
    observe(method, route, status, answeredBy, seconds) {
      const m = method !== undefined && METHODS.has(method) ? method : "other";
      const statusClass = `${Math.floor(status / 100)}xx`;
      const r = route ?? "";
      const key = `${m} ${r} ${statusClass} ${answeredBy}`;
      let child = children.get(key);
      if (child === undefined) {
        child = duration.labels({
          method: m,
          route: r,
          status_class: statusClass,
          answered_by: answeredBy,
        });
        children.set(key, child);
      }
      child.observe(seconds);
    },
  };
}

/** The metrics port: `GET /metrics`, nothing else. */
export function serveMetrics(
  metrics: Metrics,
  { port, host }: { port: number; host: string },
  logger: Logger,
): Server {
  const server = createServer((req, res) => {
    if (req.url !== "/metrics" || (req.method !== "GET" && req.method !== "HEAD")) {
      res.writeHead(404, { "Content-Type": "text/plain" }).end("Not Found\n");
      return;
    }
    metrics.registry.metrics().then(
      (text) => {
        res.writeHead(200, { "Content-Type": metrics.registry.contentType });
        res.end(req.method === "HEAD" ? undefined : text);
      },
      (error: unknown) => {
        logger.error({ err: error }, "metrics could not be collected");
        res.writeHead(500, { "Content-Type": "text/plain" }).end("metrics failed\n");
      },
    );
  });
  // The app serves without its metrics rather than not at all.
  server.on("error", (error) => logger.error({ err: error, port }, "metrics not served"));
  server.listen(port, host, () => logger.info({ port, host }, "metrics listening"));
  // Never what keeps the process alive: shutdown ends with the app's own server.
  server.unref();
  return server;
}
