/**
 * The compose `observability` profile: a real Prometheus that finds every app
 * replica by DNS, scrapes each on its metrics port, and sees the request
 * counter grow under a client loop, and a replica added by scaling; and the
 * trace context nginx hands the app, seen in the spans the replicas send to an
 * OTLP receiver on the compose network (otlp-receiver.ts).
 */
import { afterAll, beforeAll, expect, inject, test } from "vitest";
import { rawRequest } from "../integration/harness.ts";
import { freePort, stack, until, type Stack } from "./stack.ts";

let site: Stack;
let prometheusPort: number;
let receiverPort: number;

/** The server spans the replicas sent to the receiver: their trace, and their parent when they have one. */
async function serverSpans(): Promise<{ traceId: string; parentSpanId?: string }[]> {
  const response = await rawRequest(receiverPort, "/spans");
  if (response.status !== 200) throw new Error(`/spans: ${response.status}`);
  return JSON.parse(response.body) as { traceId: string; parentSpanId?: string }[];
}

beforeAll(async () => {
  prometheusPort = await freePort();
  receiverPort = await freePort();
  // The receiver runs on the compose network (otlp.compose.yml): the replicas reach
  // it by name, whatever the engine reports about how a container reaches the host.
  site = await stack("rrobs", {
    APP_IMAGE: inject("appImage"),
    COMPOSE_FILE: ["docker-compose.yml", "tests/container/otlp.compose.yml"].join(":"),
    COMPOSE_PROFILES: "observability",
    PROMETHEUS_PORT: String(prometheusPort),
    OTLP_RECEIVER_PORT: String(receiverPort),
  });
  await site.up(["--scale", "app=2"]);
}, 180_000);

afterAll(() => {
  site?.compose("down", "--volumes", "--remove-orphans", "--timeout", "15");
}, 120_000);

interface Target {
  labels: Record<string, string>;
  health: string;
}

async function prometheus<T>(path: string): Promise<T> {
  const response = await rawRequest(prometheusPort, path);
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${response.body}`);
  return (JSON.parse(response.body) as { data: T }).data;
}

const upTargets = async () =>
  (await prometheus<{ activeTargets: Target[] }>("/api/v1/targets")).activeTargets.filter(
    (t) => t.labels.job === "app" && t.health === "up",
  );

/** The value of a query that gives one number. */
async function scalar(query: string): Promise<number> {
  const data = await prometheus<{ result: { value: [number, string] }[] }>(
    `/api/v1/query?query=${encodeURIComponent(query)}`,
  );
  return data.result.length === 0 ? NaN : Number(data.result[0]!.value[1]);
}

const REQUESTS = "sum(http_request_duration_seconds_count)";

test("Prometheus finds every replica by DNS and scrapes each: all up", async () => {
  const up = await until(
    "two replicas up",
    async () => {
      const targets = await upTargets();
      return targets.length === 2 ? targets : undefined;
    },
    60_000,
  );
  const addresses = new Set(up.map((t) => t.labels.instance));
  expect(addresses.size).toBe(2);
  for (const address of addresses) expect(address).toMatch(/:9464$/);
  // The build each replica serves, from its build_info.
  expect(await scalar("count(build_info)")).toBe(2);
});

test("the request counter grows under a client loop, by route pattern", async () => {
  const before = await until("a first scrape of the counter", async () => {
    const value = await scalar(REQUESTS);
    return Number.isNaN(value) ? undefined : value;
  });
  const deadline = Date.now() + 20_000;
  let sent = 0;
  for (; sent < 300 && Date.now() < deadline; sent++) {
    const path = ["/about", "/fr/about", "/blog/hello", "/nope"][sent % 4]!;
    expect((await rawRequest(site.proxyPort, path)).status).toBeLessThan(500);
  }
  const after = await until(
    "the loop's requests scraped",
    async () => ((await scalar(REQUESTS)) >= before + sent ? scalar(REQUESTS) : undefined),
    30_000,
  );
  expect(after - before).toBeGreaterThanOrEqual(sent);
  // Labelled by pattern: the blog post under its route, not its path.
  expect(
    await scalar('sum(http_request_duration_seconds_count{route="/blog/:slug"})'),
  ).toBeGreaterThan(0);
  expect(await scalar('count(http_request_duration_seconds_count{route="/blog/hello"})')).toBeNaN();
}, 90_000);

test("a replica added by scaling is found and scraped within seconds", async () => {
  site.compose("up", "--detach", "--no-build", "--no-recreate", "--scale", "app=3");
  await until(
    "three replicas up",
    async () => ((await upTargets()).length === 3 ? true : undefined),
    60_000,
  );
}, 120_000);

test("nginx passes a client's traceparent on, and starts one from its request id when there is none or it is malformed", async () => {
  const traceId = "0af7651916cd43dd8448eb211c80319c";
  const passed = await rawRequest(site.proxyPort, "/about", {
    headers: { traceparent: `00-${traceId}-b7ad6b7169203331-01` },
  });
  expect(passed.headers["x-request-id"]).toBe(traceId);
  const started = await Promise.all(
    ([{}, { traceparent: "00-not-a-trace-01" }] as Record<string, string>[]).map((headers) =>
      rawRequest(site.proxyPort, "/about", { headers }),
    ),
  );
  const ids = started.map((r) => r.headers["x-request-id"] as string);
  for (const id of ids) expect(id).toMatch(/^[0-9a-f]{32}$/);
  expect(new Set([...ids, traceId]).size).toBe(3);
  // Each server span has nginx's span as its parent: the client's, or the one nginx
  // started, whose id is the first half of its request id (the app would start none).
  const spanOf = (id: string) =>
    until(
      `the server span of ${id}`,
      async () => (await serverSpans()).find((s) => s.traceId === id),
      20_000,
    );
  expect((await spanOf(traceId)).parentSpanId).toBe("b7ad6b7169203331");
  for (const id of ids) expect((await spanOf(id)).parentSpanId).toBe(id.slice(0, 16));
}, 60_000);
