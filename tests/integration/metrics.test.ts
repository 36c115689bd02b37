/**
 * The Prometheus metrics on their own port: after a known sequence of requests
 * the counts and labels are exactly those expected; a request is counted under
 * its route pattern, never its path (a 404 under `/*`), so a flood of distinct
 * URLs adds no series;
 * and the metrics are not served on the app's port.
 */
import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { rawRequest, startServer, type RunningServer } from "./harness.ts";

let server: RunningServer;
let metricsPort: number;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on("error", reject);
  });

beforeAll(async () => {
  metricsPort = await freePort();
  // No disk cache: an image variant is computed here, not found from an earlier run.
  server = await startServer({ METRICS_PORT: String(metricsPort), IMAGE_CACHE_DIR: "" });
  await server.waitForLog((l) => l.msg === "metrics listening");
});
afterAll(() => server.stop());

const scrape = async () => {
  const response = await rawRequest(metricsPort, "/metrics");
  expect(response.status).toBe(200);
  expect(response.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.body;
};

/** The request count of one label set, 0 when the series does not exist. */
function count(text: string, labels: Record<string, string>): number {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  const line = text
    .split("\n")
    .find(
      (l) =>
        l.startsWith("http_request_duration_seconds_count{") && wanted.every((w) => l.includes(w)),
    );
  return line ? Number(line.split(" ").at(-1)) : 0;
}

/** The value of a series without histogram labels, such as `name{tier="memory"}`. */
const valueOf = (text: string, series: string) =>
  Number(
    text
      .split("\n")
      .find((l) => l.startsWith(`${series} `))
      ?.split(" ")[1] ?? NaN,
  );

const IMAGE = "/_image?src=%2Fimages%2Fvalley.jpg&w=640&q=75";

const series = (text: string) =>
  text.split("\n").filter((l) => l.startsWith("http_request_duration_seconds_count{")).length;

describe("after a known sequence of requests", () => {
  let text: string;
  beforeAll(async () => {
    await server.request("/about");
    await server.waitForLog((l) => l.msg === "page rendered once" && l.target === "/about");
    await server.request("/about");
    await server.request("/about");
    await server.request("/about/?x=1");
    await server.request("/docs/no/such/page");
    await server.request("/healthz");
    await server.request("/favicon.svg");
    await server.request("/about", { method: "DELETE" });
    // An image variant computed, then answered from memory.
    await server.request(IMAGE);
    await server.request(IMAGE);
    // The access log is written as each answer closes; so is its count.
    await server.waitForLog((l) => l.msg === "request" && l.method === "DELETE");
    text = await scrape();
  });

  test("a page: once rendered per request, then from memory, under its pattern", () => {
    const about = { method: "GET", route: "/about", status_class: "2xx" };
    expect(count(text, { ...about, answered_by: "rendered-per-request" })).toBe(1);
    expect(count(text, { ...about, answered_by: "rendered-once" })).toBe(2);
  });

  test("each series is a histogram: cumulative buckets, the last (+Inf) its count", () => {
    const series = 'method="GET",route="/about",status_class="2xx",answered_by="rendered-once"';
    const buckets = text
      .split("\n")
      .filter((l) => l.startsWith(`http_request_duration_seconds_bucket{${series},le=`))
      .map((l) => Number(l.split(" ").at(-1)));
    expect(buckets).toHaveLength(15);
    for (let i = 1; i < buckets.length; i++)
      expect(buckets[i]).toBeGreaterThanOrEqual(buckets[i - 1]!);
    expect(buckets.at(-1)).toBe(2);
    expect(text).toMatch(
      new RegExp(`^http_request_duration_seconds_sum\\{${series}\\} 0\\.\\d+`, "m"),
    );
  });

  test("a redirect, a health probe and a public file, by the step that answered", () => {
    expect(count(text, { route: "", status_class: "3xx", answered_by: "redirect" })).toBe(1);
    expect(count(text, { route: "", status_class: "2xx", answered_by: "health" })).toBe(1);
    // A public/ file is served after the middleware, as in Next.js (server/steps/static.ts).
    expect(count(text, { route: "", status_class: "2xx", answered_by: "public" })).toBe(1);
  });

  test("a catch-all page is counted under its pattern, not its path", () => {
    // `/docs/:path/*` (the page docs/[...path].tsx) renders any path under it (a 200);
    // a 404 is `/*`'s, below.
    expect(count(text, { route: "/docs/:path/*", status_class: "2xx" })).toBe(1);
    expect(text).not.toContain("/docs/no/such/page");
  });

  test("a method outside the known ones, and the process and build", () => {
    expect(count(text, { method: "DELETE", route: "/about" })).toBe(1);
    expect(text).toMatch(/^build_info\{build_id="[\w-]+",version="\d+\.\d+\.\d+"\} 1$/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d/m);
    expect(text).toMatch(/^render_once_cache_entries [1-9]/m);
    expect(text).toMatch(/^http_connections_open \d/m);
  });
});

describe("what the caches did, after the same sequence", () => {
  let text: string;
  beforeAll(async () => {
    text = await scrape();
  });

  test("pages: two answered from memory, none from a shared cache, two rendered for lack of one", () => {
    // /about once per request, then twice from memory; /docs/no/such/page once per request.
    expect(valueOf(text, 'render_once_cache_hits_total{tier="memory"}')).toBe(2);
    expect(valueOf(text, 'render_once_cache_hits_total{tier="shared"}')).toBe(0);
    expect(valueOf(text, "render_once_cache_misses_total")).toBe(2);
    expect(valueOf(text, "render_once_cache_evictions_total")).toBe(0);
  });

  test("images: one variant computed (with its time), then one answered from memory; none refused", () => {
    expect(valueOf(text, "image_transforms_total")).toBe(1);
    expect(valueOf(text, "image_transform_seconds_total")).toBeGreaterThan(0);
    expect(valueOf(text, 'image_cache_hits_total{tier="memory"}')).toBe(1);
    expect(valueOf(text, 'image_cache_hits_total{tier="disk"}')).toBe(0);
    expect(valueOf(text, "image_refused_total")).toBe(0);
    expect(valueOf(text, "image_queue_depth")).toBe(0);
  });

  test("reports: none taken, none dropped", () => {
    expect(valueOf(text, "reports_taken_total")).toBe(0);
    expect(valueOf(text, "reports_dropped_total")).toBe(0);
  });
});

test("1000 distinct paths leave the series count unchanged", async () => {
  await server.request("/nope-0");
  const before = series(await scrape());
  for (let i = 1; i <= 1000; i++) await server.request(`/nope-${i}?q=${i}`);
  const after = await scrape();
  expect(series(after)).toBe(before);
  expect(count(after, { route: "/*", status_class: "4xx" })).toBeGreaterThanOrEqual(1001);
  expect(after).not.toContain("nope-1");
}, 60_000);

test("the metrics are not on the app's port, and the metrics port serves nothing else", async () => {
  expect((await server.request("/metrics")).status).toBe(404);
  expect((await rawRequest(metricsPort, "/about")).status).toBe(404);
});
