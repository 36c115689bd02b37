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
import { Counter, Gauge, Registry, collectDefaultMetrics, type Metric } from "prom-client";
import type { ConnectionStats } from "../platform/connections.ts";
import type { Logger } from "../platform/logger.ts";

/** The methods counted by name; any other is `other`. */
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** How an answer was made: the pipeline step that gave it (server/http.ts), or a thrown error. */
export type AnsweredBy =
  | "security-headers"
  | "health"
  | "malformed"
  | "config-headers"
  | "static"
  | "image"
  | "report"
  | "revalidate"
  | "site-redirect"
  | "redirect"
  | "locale"
  | "build-binding"
  | "origin"
  | "middleware"
  | "rewrites"
  | "public"
  | "preview"
  | "api"
  | "sitemap"
  | "rendered-once"
  | "next-data"
  | "rendered-per-request"
  | "error";

/** What the render-once cache holds and has done, read when scraped. */
export interface RenderOnceStats {
  readonly entries: number;
  readonly bytes: number;
  /** Pages answered from this process's memory, and from the shared cache (CACHE_URL). */
  readonly hits: number;
  readonly sharedHits: number;
  /** Pages of routes rendered once that were rendered for the request: in no cache yet. */
  readonly misses: number;
  /** Pages dropped from memory to make room. */
  readonly evictions: number;
}

/** What the image optimizer has done: plain counts its code adds to, read when scraped. */
export interface ImageCounters {
  memoryHits: number;
  diskHits: number;
  transforms: number;
  transformSeconds: number;
  /** Requests answered 503: the queue was full. */
  refused: number;
  /** Requests waiting for a transformation now. */
  queued: () => number;
}

export const imageCounters = (): ImageCounters => ({
  memoryHits: 0,
  diskHits: 0,
  transforms: 0,
  transformSeconds: 0,
  refused: 0,
  queued: () => 0,
});

/** What the report endpoint did with what browsers sent. */
export interface ReportCounters {
  /** Reports read and logged. */
  taken: number;
  /** Requests refused for their rate (429): their reports were not read. */
  dropped: number;
}

export const reportCounters = (): ReportCounters => ({ taken: 0, dropped: 0 });

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
    images?: ImageCounters;
    reports?: ReportCounters;
  };
}

/** Seconds: from a file served from memory (~0.1 ms) to a slow render. */
const BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createMetrics(build: { id: string; version: string }): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const sources: Metrics["sources"] = {};

  const duration = new RequestHistogram(
    "http_request_duration_seconds",
    "Requests answered, by method, route pattern (or the step that answered), status class and how the answer was made",
    BUCKETS,
  );
  registry.registerMetric(duration as unknown as Metric);
  // What the server keeps counting anyway, read when scraped: at no cost to requests.
  const reading = (name: string, help: string, read: () => number | undefined) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(read() ?? 0);
      },
    });
  const total = (name: string, help: string, read: () => number | undefined) =>
    new Counter({
      name,
      help,
      registers: [registry],
      collect() {
        this.reset();
        this.inc(read() ?? 0);
      },
    });
  const totalByTier = (
    name: string,
    help: string,
    read: () => Readonly<Record<string, number>> | undefined,
  ) =>
    new Counter({
      name,
      help,
      labelNames: ["tier"] as const,
      registers: [registry],
      collect() {
        this.reset();
        for (const [tier, count] of Object.entries(read() ?? {})) this.inc({ tier }, count);
      },
    });

  reading("http_requests_in_flight", "Requests being answered", () => sources.inFlight?.());
  reading("http_connections_open", "Connections open", () => sources.connections?.().open);
  total(
    "http_connections_closed_idle_total",
    "Connections closed for silence or idleness",
    () => sources.connections?.().closedIdle,
  );
  total(
    "http_connections_refused_total",
    "Connections refused over MAX_CONNECTIONS",
    () => sources.connections?.().refused,
  );
  reading(
    "render_once_cache_entries",
    "Pages and route data kept in memory",
    () => sources.renderOnce?.().entries,
  );
  reading(
    "render_once_cache_bytes",
    "Bytes of the pages kept in memory, every encoding",
    () => sources.renderOnce?.().bytes,
  );
  totalByTier(
    "render_once_cache_hits_total",
    "Pages answered from a cache, by tier (memory: this process; shared: Redis)",
    () => {
      const stats = sources.renderOnce?.();
      return { memory: stats?.hits ?? 0, shared: stats?.sharedHits ?? 0 };
    },
  );
  total(
    "render_once_cache_misses_total",
    "Pages of routes rendered once rendered for the request, being in no cache",
    () => sources.renderOnce?.().misses,
  );
  total(
    "render_once_cache_evictions_total",
    "Pages dropped from memory to make room",
    () => sources.renderOnce?.().evictions,
  );
  totalByTier("image_cache_hits_total", "Image variants answered from a cache, by tier", () => ({
    memory: sources.images?.memoryHits ?? 0,
    disk: sources.images?.diskHits ?? 0,
  }));
  total("image_transforms_total", "Image variants computed", () => sources.images?.transforms);
  total(
    "image_transform_seconds_total",
    "Time spent computing image variants, queueing excluded",
    () => sources.images?.transformSeconds,
  );
  total(
    "image_refused_total",
    "Image requests answered 503: the transformation queue was full",
    () => sources.images?.refused,
  );
  reading("image_queue_depth", "Image requests waiting for a transformation", () =>
    sources.images?.queued(),
  );
  total("reports_taken_total", "Browser reports read and logged", () => sources.reports?.taken);
  total(
    "reports_dropped_total",
    "Report requests refused for their rate (429), unread",
    () => sources.reports?.dropped,
  );
  new Gauge({
    name: "build_info",
    help: "The build this process serves",
    labelNames: ["build_id", "version"] as const,
    registers: [registry],
  }).set({ build_id: build.id, version: build.version }, 1);

  return {
    registry,
    sources,
    observe(method, route, status, answeredBy, seconds) {
      const m = method !== undefined && METHODS.has(method) ? method : "other";
      const statusClass = `${Math.floor(status / 100)}xx`;
      const r = route ?? "";
      duration.observe(`${m} ${r} ${statusClass} ${answeredBy}`, seconds, () => ({
        method: m,
        route: r,
        status_class: statusClass,
        answered_by: answeredBy,
      }));
    },
  };
}

/**
 * A histogram kept as plain counts per label set, found by one string key:
 * observing is a map lookup, a bucket search and three adds. (prom-client's own
 * Histogram validates and hashes the label set on every observation, which was
 * most of what counting a request cost.) It is read by the registry like any
 * prom-client metric, in the same exposition format.
 */
class RequestHistogram {
  readonly type = "histogram";
  readonly aggregator = "sum";
  readonly #series = new Map<
    string,
    { labels: Record<string, string>; counts: Float64Array; sum: number; count: number }
  >();
  readonly name: string;
  readonly help: string;
  readonly #bounds: readonly number[];

  constructor(name: string, help: string, bounds: readonly number[]) {
    this.name = name;
    this.help = help;
    this.#bounds = bounds;
  }

  /** One observation for the label set `key` names (`labels` makes it, the first time). */
  observe(key: string, value: number, labels: () => Record<string, string>): void {
    let series = this.#series.get(key);
    if (series === undefined) {
      series = {
        labels: labels(),
        counts: new Float64Array(this.#bounds.length),
        sum: 0,
        count: 0,
      };
      this.#series.set(key, series);
    }
    const bounds = this.#bounds;
    for (let i = 0; i < bounds.length; i++) {
      if (value <= bounds[i]!) {
        series.counts[i]!++;
        break;
      }
    }
    series.sum += value;
    series.count++;
  }

  /** As prom-client's metrics answer the registry: cumulative buckets, then sum and count. */
  get() {
    const values: { labels: Record<string, string | number>; value: number; metricName: string }[] =
      [];
    for (const { labels, counts, sum, count } of this.#series.values()) {
      let cumulative = 0;
      this.#bounds.forEach((bound, i) => {
        cumulative += counts[i]!;
        values.push({
          labels: { ...labels, le: bound },
          value: cumulative,
          metricName: `${this.name}_bucket`,
        });
      });
      values.push({
        labels: { ...labels, le: "+Inf" },
        value: count,
        metricName: `${this.name}_bucket`,
      });
      values.push({ labels, value: sum, metricName: `${this.name}_sum` });
      values.push({ labels, value: count, metricName: `${this.name}_count` });
    }
    return {
      name: this.name,
      help: this.help,
      type: this.type,
      values,
      aggregator: this.aggregator,
    };
  }

  reset(): void {
    this.#series.clear();
  }
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
