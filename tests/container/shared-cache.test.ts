/**
 * One cache for every replica (CACHE_URL): three servers of the production build
 * and a real Redis in a container. They share one render of a page, a purge
 * through one of them is seen by all three within a second, and Redis stopped
 * or hung under a client loop costs no request: pages are answered from memory
 * or rendered, and come back from Redis when it does.
 */
import { execFileSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { GenericContainer, Wait, type StartedTestContainer } from "testcontainers";
import { Redis } from "ioredis";
import { startServer, type HttpResponse, type RunningServer } from "../integration/harness.ts";
import { DOCKER, freePort, until } from "./stack.ts";

const CACHE_IMAGE = process.env.CACHE_IMAGE ?? "redis:7-bookworm";
const PAGE = "/lab/revalidate";
const REVALIDATE_MS = 2000;
const SECRET = "a-test-secret-of-some-length";
// One public origin for the three, as behind a proxy: the page's key is the same everywhere.
const ORIGIN = "http://shop.example";

let redis: StartedTestContainer;
let cacheUrl: string;
let inspector: Redis;
let replicas: RunningServer[];

beforeAll(async () => {
  // A fixed host port: Redis stopped and started again must come back where it was.
  const port = await freePort();
  redis = await new GenericContainer(CACHE_IMAGE)
    .withCommand(["redis-server", "--save", "", "--appendonly", "no", "--protected-mode", "no"])
    .withExposedPorts({ container: 6379, host: port })
    .withWaitStrategy(Wait.forLogMessage(/Ready to accept connections/))
    .start();
  cacheUrl = `redis://${redis.getHost()}:${port}`;
  inspector = new Redis(cacheUrl, { maxRetriesPerRequest: 1 });
  inspector.on("error", () => {}); // Redis is stopped on purpose below
  replicas = await Promise.all(
    [1, 2, 3].map(() =>
      startServer({
        E2E_FIXTURES: "1",
        CACHE_URL: cacheUrl,
        PUBLIC_ORIGIN: ORIGIN,
        REVALIDATE_SECRET: SECRET,
        // These replicas keep each page at its first request; the last test starts one that warms.
        WARM_PAGES: "false",
      }),
    ),
  );
  await Promise.all(
    replicas.map((r) => r.waitForLog((line) => line.msg === "shared cache connected")),
  );
});

afterAll(async () => {
  await Promise.all((replicas ?? []).map((r) => r.stop()));
  inspector?.disconnect();
  await redis?.stop({ timeout: 1000 });
});

const renderOf = (response: HttpResponse) =>
  Number(/data-render="(\d+)"/.exec(response.body)?.[1] ?? NaN);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const isKept = (response: HttpResponse) =>
  String(response.headers["cache-control"]).startsWith("public");
const renders = async () => Number(await inspector.get("rrss:lab:revalidate-renders"));
const isError = (line: { level: string }) => line.level === "error" || line.level === "fatal";
const renderedOnce = (replica: RunningServer, target: string) =>
  replica.logs.filter((l) => l.msg === "page rendered once" && l.target === target).length;

/** Asks `replica` for `path` until it answers from a cache (memory or shared). */
const kept = (replica: RunningServer, path: string) =>
  until(
    `${path} kept`,
    async () => {
      const response = await replica.request(path);
      return isKept(response) ? response : undefined;
    },
    10_000,
  );

function purge(replica: RunningServer, body: object) {
  return replica.request("/_revalidate", {
    method: "POST",
    headers: { Authorization: `Bearer ${SECRET}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
}

describe("three replicas, one cache", () => {
  test("a page one replica rendered is served by the others from the shared cache, not rendered again", async () => {
    const [a, b, c] = replicas as [RunningServer, RunningServer, RunningServer];
    const first = await kept(a, "/about");
    for (const other of [b, c]) {
      const response = await other.request("/about");
      expect(isKept(response)).toBe(true);
      expect(response.headers.etag).toBe(first.headers.etag);
      expect(response.body).toBe(first.body);
      expect(renderedOnce(other, "/about")).toBe(0);
    }
    // Each build's pages apart, under the build id and the public origin.
    const keys = await inspector.keys("rrss:*:page:*/about");
    expect(keys).toEqual([`rrss:${String(first.headers["x-build-id"])}:page:${ORIGIN}/about`]);
  });

  test("a stale page is rendered again once for the three: the counter moves once", async () => {
    const [a, b, c] = replicas as [RunningServer, RunningServer, RunningServer];
    const page = await kept(a, PAGE);
    const before = renderOf(page);
    for (const other of [b, c]) expect(renderOf(await other.request(PAGE))).toBe(before);
    expect(await renders()).toBe(before);
    await sleep(REVALIDATE_MS + 200);
    // All three find it stale at once: each still answers the kept page, and one renders.
    const stale = await Promise.all(replicas.map((r) => r.request(PAGE)));
    expect(stale.map(renderOf)).toEqual([before, before, before]);
    await until(
      "the new render everywhere",
      async () => {
        const now = await Promise.all(replicas.map((r) => r.request(PAGE)));
        return now.every((response) => renderOf(response) === before + 1) ? true : undefined;
      },
      5000,
    );
    expect(await renders()).toBe(before + 1);
  });

  test("a purge through one replica is confirmed by all three and seen by each within 1 s", async () => {
    const pages = await Promise.all(replicas.map((r) => kept(r, PAGE)));
    const old = Math.max(...pages.map(renderOf));
    const sent = Date.now();
    const answer = await purge(replicas[1]!, { tags: ["lab"] });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({
      revalidated: true,
      tags: ["lab"],
      replicas: 3,
    });
    const after = await Promise.all(replicas.map((r) => r.request(PAGE)));
    expect(Date.now() - sent).toBeLessThan(1000);
    for (const response of after) expect(renderOf(response)).toBeGreaterThan(old);
    const line = await replicas[1]!.accessLog(answer);
    expect(line.status).toBe(200);
    expect(
      replicas[1]!.logs.find((l) => l.msg === "revalidated on demand" && l.reqId === line.reqId),
    ).toMatchObject({ tags: ["lab"], replicas: 3 });
  });

  test("a replica alive but not listening (here: one that only beats) fails the purge: 503, naming it", async () => {
    await inspector.zadd("rrss:replicas", Date.now(), "deaf-replica:1");
    try {
      const answer = await purge(replicas[0]!, { tags: ["lab"] });
      expect(answer.status).toBe(503);
      expect(JSON.parse(answer.body)).toMatchObject({
        revalidated: false,
        replicas: 4,
        confirmed: 3,
        error: expect.stringContaining("deaf-replica:1"),
      });
    } finally {
      await inspector.zrem("rrss:replicas", "deaf-replica:1");
    }
    // Once it is gone, the same purge is confirmed.
    expect((await purge(replicas[0]!, { tags: ["lab"] })).status).toBe(200);
  });

  test("a replica started later keeps the release's pages at start: those the others kept from the shared cache, not rendered again", async () => {
    const first = await kept(replicas[0]!, "/shop");
    const build = String(first.headers["x-build-id"]);
    // Kept in memory first, then in Redis.
    await until(
      "/shop in the shared cache",
      async () =>
        (await inspector.exists(`rrss:${build}:page:${ORIGIN}/shop`)) ? true : undefined,
      5000,
    );
    const late = await startServer({ CACHE_URL: cacheUrl, PUBLIC_ORIGIN: ORIGIN });
    try {
      const warmed = await late.waitForLog(
        (line) => line.msg === "pages rendered once kept at start",
        30_000,
      );
      expect(warmed.pages).toBeGreaterThan(10);
      expect(renderedOnce(late, "/shop")).toBe(0);
      // The pages nobody had asked for: rendered by it, and now shared.
      expect(renderedOnce(late, "/fr/about")).toBe(1);
      const shop = await late.request("/shop");
      expect(isKept(shop)).toBe(true);
      expect(shop.headers.etag).toBe(first.headers.etag);
      expect(renderedOnce(late, "/shop")).toBe(0);
      expect(await inspector.exists(`rrss:${build}:page:${ORIGIN}/fr/about`)).toBe(1);
      expect(late.logs.filter(isError)).toEqual([]);
    } finally {
      await late.stop();
    }
  });

  test("a value that is not this build's page is ignored: the page is rendered", async () => {
    const a = replicas[0]!;
    const build = String((await a.request("/")).headers["x-build-id"]);
    await inspector.set(`rrss:${build}:page:${ORIGIN}/de/about`, "not a page");
    const response = await a.request("/de/about");
    expect(response.status).toBe(200);
    expect(isKept(response)).toBe(false); // rendered for this request
    expect(a.logs.filter(isError)).toEqual([]);
  });
});

test("the rate limit of /_revalidate is one for the three replicas, counted in Redis", async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 12; i++) {
    const response = await replicas[i % 3]!.request("/_revalidate", {
      method: "POST",
      headers: {
        Authorization: "Bearer not-the-secret-at-all",
        "Content-Type": "application/json",
      },
      body: "{}",
    });
    statuses.push(response.status);
  }
  // Each replica alone would allow 10 in 10 s: 4 each here, none refused.
  expect(statuses.filter((s) => s === 403).length).toBeLessThanOrEqual(10);
  expect(statuses.slice(10)).toEqual([429, 429]);
});

/** Requests to the three in turn until stopped: how many, and what failed. */
function clientLoop(paths: readonly string[]) {
  let running = true;
  const failures: string[] = [];
  let answered = 0;
  let slowest = 0;
  const done = (async () => {
    const deadline = Date.now() + 30_000;
    for (let i = 0; running && Date.now() < deadline && i < 5000; i++) {
      const replica = replicas[i % replicas.length]!;
      const path = paths[i % paths.length]!;
      const started = Date.now();
      try {
        const response = await replica.request(path, { timeoutMs: 2000 });
        if (response.status !== 200) failures.push(`${path}: ${response.status}`);
        answered++;
      } catch (error) {
        failures.push(`${path}: ${(error as Error).message}`);
      }
      slowest = Math.max(slowest, Date.now() - started);
    }
  })();
  return {
    async stop() {
      running = false;
      await done;
      return { answered, failures, slowest };
    },
  };
}

const docker = (...args: string[]) => execFileSync(DOCKER, args, { stdio: "ignore" });
const OUTAGE =
  "shared cache unavailable: pages are served from memory or rendered until it is back";
const logged = (replica: RunningServer, msg: string) =>
  replica.logs.filter((l) => l.msg === msg).length;

describe("the cache is never a single point of failure", () => {
  const paths = ["/about", "/fr/about", PAGE, "/blog/hello", "/shop"];

  test("Redis stopped under a client loop: every request answered; the outage and its end logged once each", async () => {
    const loop = clientLoop(paths);
    await sleep(500);
    docker("stop", "-t", "1", redis.getId());
    await sleep(2000);
    docker("start", redis.getId());
    await Promise.all(
      replicas.map((r) => r.waitForLog((l) => l.msg === "shared cache available again", 15_000)),
    );
    await sleep(500);
    const { answered, failures } = await loop.stop();
    expect(failures).toEqual([]);
    expect(answered).toBeGreaterThan(20);
    for (const replica of replicas) {
      expect(logged(replica, OUTAGE)).toBe(1);
      expect(logged(replica, "shared cache available again")).toBe(1);
      expect(replica.logs.filter(isError)).toEqual([]);
    }
  });

  test("after Redis is back (empty), pages are kept there again and shared", async () => {
    const [a, b] = replicas as [RunningServer, RunningServer];
    // Renders a page none has asked for since the restart, on one replica only.
    const first = await kept(a, "/blog/new");
    const shared = await until("the page in Redis", async () =>
      (await inspector.keys(`rrss:*:page:${ORIGIN}/blog/new`)).length === 1 ? true : undefined,
    );
    expect(shared).toBe(true);
    const fromB = await b.request("/blog/new");
    expect(isKept(fromB)).toBe(true);
    expect(fromB.headers.etag).toBe(first.headers.etag);
  });

  test("Redis hung (paused): requests wait at most the command timeout, none fails", async () => {
    const loop = clientLoop(["/fr/shop", "/de/about?x=1", "/blog/hello"]);
    await sleep(300);
    docker("pause", redis.getId());
    await sleep(2000);
    docker("unpause", redis.getId());
    await sleep(1500);
    const { failures, slowest } = await loop.stop();
    expect(failures).toEqual([]);
    expect(slowest).toBeLessThan(1000);
  });

  test("a purge while Redis is down drops this replica's copies and says the rest was not reached (503)", async () => {
    const a = replicas[0]!;
    await kept(a, PAGE);
    const backBefore = logged(a, "shared cache available again");
    const downBefore = logged(a, OUTAGE);
    docker("stop", "-t", "1", redis.getId());
    try {
      await until("the outage seen", async () =>
        logged(a, OUTAGE) > downBefore ? true : undefined,
      );
      const answer = await purge(a, { paths: [PAGE] });
      expect(answer.status).toBe(503);
      expect(answer.headers["retry-after"]).toBe("5");
      expect(JSON.parse(answer.body)).toMatchObject({
        revalidated: false,
        error: expect.stringContaining("unreachable"),
      });
      expect(isKept(await a.request(PAGE))).toBe(false);
    } finally {
      docker("start", redis.getId());
    }
    await until(
      "Redis back",
      async () => (logged(a, "shared cache available again") === backBefore + 1 ? true : undefined),
      15_000,
    );
  });
});

test("Redis full (noeviction, no memory left): every page still answered, from memory or rendered", async () => {
  const a = replicas[0]!;
  await inspector.config("SET", "maxmemory-policy", "noeviction");
  await inspector.config("SET", "maxmemory", "1");
  try {
    const statuses: number[] = [];
    for (const path of ["/de/shop", "/de/shop", "/fr/blog/new", "/fr/blog/new", PAGE]) {
      statuses.push((await a.request(path)).status);
      await sleep(50);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    // Nothing was written: the pages were kept in memory only.
    expect(await inspector.keys(`rrss:*:page:${ORIGIN}/de/shop`)).toEqual([]);
    expect(isKept(await a.request("/de/shop"))).toBe(true);
    expect(a.logs.filter(isError)).toEqual([]);
    expect(
      logged(
        a,
        "shared cache refused a write: new pages are kept in memory only until it takes them",
      ),
    ).toBe(1);
  } finally {
    await inspector.config("SET", "maxmemory", "0");
  }
});
