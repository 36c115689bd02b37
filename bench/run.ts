/**
 * `npm run bench`: server CPU per request, side by side, for
 *   - ours (this project's server, production build);
 *   - react-router-serve (Express) on the same build;
 *   - Next.js 16, pages router: `next start` on the example's own pages folder (bench/nextjs,
 *     installed and built on first use);
 *   - a raw node:http ceiling answering the bytes ours answered;
 * then the image optimizer against Next.js's (bench/images.ts).
 *
 * Figures are server CPU milliseconds per request: the server's CPU time from
 * /proc/<pid>/stat (user + system) divided by the requests it answered. With
 * `taskset` available, every server runs on one core and this process, the load
 * generator, on another, so the load does not steal the server's CPU. Req/s and
 * p99 are printed beside it, and each server's RSS after the run. Loopback only,
 * bounded in time.
 *
 * Ours runs three times: with its metrics and traces off (the figures compared with
 * the others), with metrics on (METRICS_PORT set, nothing scraping), and with traces
 * on (sent to a receiver in this process, every request sampled): the differences
 * are what counting and tracing every request cost (issue 23).
 *
 * With Next.js, it then makes issue 24's runs (bench/ssr-runs.ts): /blog/hello
 * against Next.js's getServerSideProps page, three times with fresh servers,
 * each run's ratio printed with the verdict over all three.
 *
 * With Docker (BENCH_REDIS=1, the default), ours runs twice more against a Redis in
 * a container (CACHE_IMAGE, redis:7-bookworm): with the shared cache behind its
 * memory copy (a memory hit), and with a memory tier too small to keep a page
 * (every answer a Redis hit). Redis's own CPU is not counted (issue 22).
 *
 * BENCH_BASELINE=<dir> adds "baseline": the server of another checkout, built
 * (`npm run build` there), e.g. `git worktree add /tmp/base <commit>` with
 * node_modules linked; each scenario's ours / baseline is printed.
 *
 * Environment: BENCH_DURATION_S (3), BENCH_CONNECTIONS (32), BENCH_ROUNDS (3),
 * BENCH_NEXT (1; 0 skips the Next.js peer), BENCH_IMAGES (1; 0 skips the image
 * bench), BENCH_REDIS (1; 0 skips the shared-cache runs), BENCH_SERVER_CPU (1),
 * BENCH_LOAD_CPU (0).
 */
import { execFileSync } from "node:child_process";
import { createServer } from "node:http";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { Redis } from "ioredis";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { benchImages } from "./images.ts";
import { ssrRuns } from "./ssr-runs.ts";
import {
  hasTaskset,
  measure,
  median,
  pad,
  pinLoadGenerator,
  rssMb,
  type Measurement,
  type Running,
} from "./measure.ts";
import { SERVER_CPU, freePort, prepareNext, spawnServer, startNext, startOurs } from "./servers.ts";

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WITH_NEXT = process.env.BENCH_NEXT !== "0";
const WITH_IMAGES = process.env.BENCH_IMAGES !== "0";
const WITH_REDIS = process.env.BENCH_REDIS !== "0";
const DOCKER = process.env.DOCKER ?? "docker";
const LOAD_CPU = process.env.BENCH_LOAD_CPU ?? "0";
const BASELINE = process.env.BENCH_BASELINE;
await pinLoadGenerator(LOAD_CPU);

interface Target {
  name: string;
  start(): Promise<Running>;
  /** The path this server answers a scenario on, or null where it has no such thing. */
  pathFor(scenario: Scenario): string | null;
}

interface Scenario {
  name: string;
  path: string;
  status: number;
  kind:
    | "static page"
    | "revalidating page"
    | "dynamic page"
    | "404 page"
    | "redirect"
    | "health"
    | "asset";
  /** Sent as Accept-Encoding: a compressed scenario, measured where the server compresses. */
  acceptEncoding?: string;
}

const same = (scenario: Scenario) => scenario.path;

// The test fixtures on: /lab/revalidate is the page that revalidates (`revalidate = 2`).
const FIXTURES = { E2E_FIXTURES: "1" };
const ours: Target = { name: "ours", start: () => startOurs(FIXTURES), pathFor: same };

/**
 * The same server from another checkout with its own production build (a git
 * worktree of an earlier commit, its node_modules linked): what a change costs or
 * saves, measured in the same run as "ours".
 */
function baseline(dir: string, asset = ""): Target {
  return {
    name: "baseline",
    start: () =>
      startOurs(
        { ...FIXTURES, BUILD_DIR: join(dir, "build") },
        join(dir, "build/node/server/main.js"),
      ),
    // Its build names its files by their own hashes.
    pathFor: (scenario) => (scenario.kind === "asset" ? asset : scenario.path),
  };
}
const oursWithMetrics: Target = {
  name: "ours, metrics on",
  start: async () => startOurs({ ...FIXTURES, METRICS_PORT: String(await freePort()) }),
  pathFor: same,
};

/** Ours with traces on, sent to `sink` (an OTLP/HTTP receiver in this process). */
function oursTracing(sink: string): Target {
  return {
    name: "ours, tracing on",
    start: () =>
      startOurs({
        ...FIXTURES,
        OTEL_EXPORTER_OTLP_ENDPOINT: sink,
        OTEL_BSP_SCHEDULE_DELAY: "1000",
      }),
    pathFor: same,
  };
}

/** A receiver that takes spans and drops them, as a collector would take them. */
async function otlpSink(): Promise<{ url: string; close(): void }> {
  const server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, close: () => server.close() };
}

/** Ours with the shared cache at `url`: pages kept once only, so only their scenarios. */
function oursShared(name: string, url: string, env: Record<string, string> = {}): Target {
  return {
    name,
    start: () => startOurs({ ...FIXTURES, CACHE_URL: url, ...env }),
    pathFor: (scenario) =>
      ["static page", "revalidating page", "404 page"].includes(scenario.kind)
        ? scenario.path
        : null,
  };
}

/** A Redis in a container on a free loopback port, for the shared-cache runs. */
async function startRedis(): Promise<{ url: string; stop(): void }> {
  const port = await freePort();
  const image = process.env.CACHE_IMAGE ?? "redis:7-bookworm";
  const id = execFileSync(
    DOCKER,
    ["run", "--detach", "--rm", "--publish", `127.0.0.1:${port}:6379`, image].concat([
      "redis-server",
      "--save",
      "",
      "--appendonly",
      "no",
      "--protected-mode",
      "no",
    ]),
    { encoding: "utf8" },
  ).trim();
  const url = `redis://127.0.0.1:${port}`;
  const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0 });
  probe.on("error", () => {});
  for (let i = 0; ; i++) {
    try {
      await probe.connect();
      await probe.ping();
      break;
    } catch (error) {
      if (i > 50) throw error;
      probe.disconnect();
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  probe.disconnect();
  return {
    url,
    stop: () => execFileSync(DOCKER, ["stop", "--time", "1", id], { stdio: "ignore" }),
  };
}

const reactRouterServe: Target = {
  name: "react-router-serve",
  start: () =>
    spawnServer(() => ["node_modules/@react-router/serve/bin.cjs", "build/server/index.js"]),
  // It has no health endpoint: it would only render its 404 page.
  pathFor: (scenario) =>
    scenario.kind === "health" || scenario.kind === "revalidating page" ? null : scenario.path,
};
// react-router-serve compresses on the fly (its compression middleware); the
// ceiling answers the raw bytes only, and the Next.js peer (compress: true, for
// the browser bench) is only asked without Accept-Encoding, so raw too.

/** A raw node:http server, in its own process, answering the exact bytes `ours` answered. */
function ceiling(recordedFile: string): Target {
  return {
    name: "ceiling (node:http)",
    start: () => spawnServer(() => ["bench/ceiling.ts", recordedFile]),
    pathFor: (scenario) => (scenario.acceptEncoding ? null : scenario.path),
  };
}

function nextjs(asset: string): Target {
  return {
    name: "Next.js 16",
    start: startNext,
    // /lab/revalidate is a React Router module of the shell's fixtures, which Next.js
    // cannot run: its kept pages are set against ours on a page of the shared folder.
    pathFor: (scenario) =>
      scenario.kind === "health" || scenario.kind === "revalidating page" || scenario.acceptEncoding
        ? null
        : scenario.kind === "asset"
          ? asset
          : scenario.path,
  };
}

async function record(port: number, paths: string[]) {
  const recorded: Record<
    string,
    { status: number; headers: Record<string, string>; body: string }
  > = {};
  for (const path of paths) {
    const response = await fetch(`http://127.0.0.1:${port}${path}`, { redirect: "manual" });
    const headers: Record<string, string> = {};
    for (const name of ["content-type", "cache-control", "location", "etag"]) {
      const value = response.headers.get(name);
      if (value) headers[name] = value;
    }
    const body = Buffer.from(await response.arrayBuffer()).toString("base64");
    recorded[path] = { status: response.status, headers, body };
  }
  return recorded;
}

/** The home page's JS and CSS, bytes on the wire in each encoding (the build's own variants). */
function clientCost(homeHtml: string) {
  const files = new Set<string>();
  for (const [, href] of homeHtml.matchAll(/(?:href|src)="(\/assets\/[^"]+\.(?:js|css))"/g))
    files.add(href!);
  for (const [, href] of homeHtml.matchAll(/import (?:\* as \w+ from )?"(\/assets\/[^"]+\.js)"/g))
    files.add(href!);
  for (const [, href] of homeHtml.matchAll(/import\("(\/assets\/[^"]+\.js)"\)/g)) files.add(href!);
  const sizes = { raw: 0, br: 0, gzip: 0 };
  for (const file of files) {
    const raw = readFileSync(`build/client${file}`);
    const variant = (ext: string) =>
      existsSync(`build/client${file}${ext}`)
        ? readFileSync(`build/client${file}${ext}`).length
        : raw.length;
    sizes.raw += raw.length;
    sizes.br += variant(".br");
    sizes.gzip += variant(".gz");
  }
  return { files: files.size, ...sizes };
}

async function main() {
  const probe = await ours.start();
  const aboutHtml = await (await fetch(`http://127.0.0.1:${probe.port}/about`)).text();
  const asset = /<link rel="modulepreload" href="(\/assets\/[^"]+)"/.exec(aboutHtml)![1]!;
  const scenarios: Scenario[] = [
    { name: "/blog/[slug] (SSR)", path: "/blog/hello", status: 200, kind: "dynamic page" },
    { name: "/about (static)", path: "/about", status: 200, kind: "static page" },
    {
      name: "/lab/revalidate (ISR)",
      path: "/lab/revalidate",
      status: 200,
      kind: "revalidating page",
    },
    { name: "/fr/about (static)", path: "/fr/about", status: 200, kind: "static page" },
    {
      name: "/docs/[...] (kept)",
      path: "/docs/getting-started/install",
      status: 200,
      kind: "static page",
    },
    { name: "/nope (404 page)", path: "/nope", status: 404, kind: "404 page" },
    { name: "/about/ (308)", path: "/about/", status: 308, kind: "redirect" },
    { name: "/healthz", path: "/healthz", status: 200, kind: "health" },
    { name: "hashed asset", path: asset, status: 200, kind: "asset" },
    ...[
      { name: "/blog/[slug], br", path: "/blog/hello", status: 200, kind: "dynamic page" },
      { name: "/about, br", path: "/about", status: 200, kind: "static page" },
      { name: "hashed asset, br", path: asset, status: 200, kind: "asset" },
    ].map((s) => ({ ...s, acceptEncoding: "br, gzip" }) as Scenario),
  ];
  const recordedFile = join(mkdtempSync(join(tmpdir(), "bench-")), "recorded.json");
  writeFileSync(
    recordedFile,
    JSON.stringify(
      await record(
        probe.port,
        scenarios.map((s) => s.path),
      ),
    ),
  );
  const homeHtml = await (await fetch(`http://127.0.0.1:${probe.port}/`)).text();
  await probe.stop();

  const options = (scenario: Scenario) =>
    scenario.acceptEncoding ? { headers: { "accept-encoding": scenario.acceptEncoding } } : {};
  const sink = await otlpSink();
  const traced = oursTracing(sink.url);
  const targets = [ours, oursWithMetrics, traced, reactRouterServe, ceiling(recordedFile)];
  let base: Target | null = null;
  if (BASELINE) {
    const baseProbe = await baseline(BASELINE).start();
    const baseAbout = await (await fetch(`http://127.0.0.1:${baseProbe.port}/about`)).text();
    await baseProbe.stop();
    base = baseline(
      BASELINE,
      /<link rel="modulepreload" href="(\/assets\/[^"]+)"/.exec(baseAbout)![1],
    );
  }
  if (base) targets.splice(1, 0, base);
  if (WITH_NEXT) {
    prepareNext();
    const nextProbe = await nextjs("").start();
    const nextAbout = await (await fetch(`http://127.0.0.1:${nextProbe.port}/about`)).text();
    await nextProbe.stop();
    const nextAsset = /<script src="(\/_next\/static\/[^"]+\.js)"/.exec(nextAbout)?.[1];
    if (!nextAsset) throw new Error("no script asset found on Next.js's /about");
    targets.splice(4, 0, nextjs(nextAsset));
  }
  let redis: Awaited<ReturnType<typeof startRedis>> | null = null;
  const oursMemoryHit = () => targets.find((t) => t.name === "ours, shared cache");
  const oursRedisHit = () => targets.find((t) => t.name === "ours, Redis hit");
  if (WITH_REDIS) {
    try {
      redis = await startRedis();
      targets.splice(
        2,
        0,
        oursShared("ours, shared cache", redis.url),
        // A memory tier that keeps no page: every answer comes from Redis.
        oursShared("ours, Redis hit", redis.url, { RENDER_CACHE_MAX_BYTES: "1" }),
      );
    } catch (error) {
      console.log(
        `# no Redis (${(error as Error).message.split("\n")[0]}): shared-cache runs skipped`,
      );
    }
  }

  console.log(
    `# ${ROUNDS} rounds x ${DURATION_S} s per cell, ${CONNECTIONS} connections, loopback, ` +
      `${new Date().toISOString()}, ${cpus().length} cores, ` +
      (hasTaskset
        ? `servers on CPU ${SERVER_CPU}, load on CPU ${LOAD_CPU}`
        : "NOT pinned (no taskset): CPU per request includes contention"),
  );
  // Every server runs side by side (idle ones cost nothing), and each round
  // measures every cell once, in a rotating order, so drift in the machine's
  // speed spreads evenly; the table shows each cell's median.
  const servers = await Promise.all(targets.map((t) => t.start()));
  const samples = new Map<string, Measurement[]>();
  const key = (target: Target, scenario: Scenario) => `${target.name}|${scenario.name}`;
  for (const [i, target] of targets.entries()) {
    for (const scenario of scenarios) {
      const path = target.pathFor(scenario);
      // Warm-up: JIT, and the pages each server renders once.
      if (path)
        await measure(servers[i]!, path, scenario.status, { amount: 1000, ...options(scenario) });
    }
  }
  for (let round = 0; round < ROUNDS; round++) {
    for (const scenario of scenarios) {
      for (let j = 0; j < targets.length; j++) {
        const i = (j + round) % targets.length;
        const target = targets[i]!;
        const path = target.pathFor(scenario);
        if (!path) continue;
        const list = samples.get(key(target, scenario)) ?? [];
        list.push(await measure(servers[i]!, path, scenario.status, options(scenario)));
        samples.set(key(target, scenario), list);
      }
    }
  }
  const rss = servers.map((server) => rssMb(server.pid));
  await Promise.all(servers.map((server) => server.stop()));
  redis?.stop();
  sink.close();

  const result = (target: Target, scenario: Scenario): Measurement | undefined => {
    const list = samples.get(key(target, scenario));
    if (!list) return undefined;
    return {
      cpuMsPerRequest: median(list.map((m) => m.cpuMsPerRequest)),
      cpuMs: list.reduce((sum, m) => sum + m.cpuMs, 0),
      requests: list.reduce((sum, m) => sum + m.requests, 0),
      rps: median(list.map((m) => m.rps)),
      p99: median(list.map((m) => m.p99)),
      wrongStatus: list.reduce((sum, m) => sum + m.wrongStatus, 0),
      errors: list.reduce((sum, m) => sum + m.errors, 0),
    };
  };

  console.log(
    `\n${"scenario".padEnd(22)}${"server".padEnd(22)}${pad("CPU ms/req", 11)}${pad("req/s", 9)}${pad("p99 ms", 8)}  notes`,
  );
  for (const scenario of scenarios) {
    for (const target of targets) {
      const m = result(target, scenario);
      if (!m) {
        console.log(`${scenario.name.padEnd(22)}${target.name.padEnd(22)}${pad("n/a", 11)}`);
        continue;
      }
      const notes = [
        m.wrongStatus && `${m.wrongStatus} unexpected status`,
        m.errors && `${m.errors} errors`,
      ]
        .filter(Boolean)
        .join(", ");
      console.log(
        `${scenario.name.padEnd(22)}${target.name.padEnd(22)}${pad(m.cpuMsPerRequest.toFixed(3), 11)}` +
          `${pad(m.rps.toFixed(0), 9)}${pad(m.p99.toFixed(0), 8)}  ${notes}`,
      );
    }
  }

  console.log(
    `\nRSS after the run: ${targets.map((t, i) => `${t.name} ${rss[i]!.toFixed(0)} MB`).join(", ")}`,
  );

  const cpu = (target: Target, scenario: Scenario) => result(target, scenario)?.cpuMsPerRequest;
  const byName = (name: string) =>
    scenarios.find((s) => s.name === name) ?? scenarios.find((s) => s.name.startsWith(name))!;
  const checks: [string, number | undefined, string, (value: number) => boolean][] = [];
  const next = targets.find((t) => t.name.startsWith("Next.js"));
  if (next) {
    const ratio = (name: string) => {
      const a = cpu(ours, byName(name));
      const b = cpu(next, byName(name));
      return a !== undefined && b !== undefined ? a / b : undefined;
    };
    checks.push(
      ["/about: ours / Next.js", ratio("/about"), "<= 0.5", (r) => r <= 0.5],
      ["/fr/about: ours / Next.js", ratio("/fr/about"), "<= 0.5", (r) => r <= 0.5],
      ["/blog/[slug]: ours / Next.js", ratio("/blog/[slug]"), "<= 0.8", (r) => r <= 0.8],
      ["404 page: ours / Next.js", ratio("/nope"), "<= 1", (r) => r <= 1],
    );
    const redisHit = oursRedisHit();
    if (redisHit) {
      // getStaticProps with fallback 'blocking': rendered at the first request, then kept.
      const a = cpu(redisHit, byName("/docs/[...]"));
      const b = cpu(next, byName("/docs/[...]"));
      checks.push([
        "kept page, Redis hit / Next.js's kept page",
        a !== undefined && b !== undefined ? a / b : undefined,
        "<= 0.5",
        (r) => r <= 0.5,
      ]);
    }
  }
  function ratioOf(a: Target, b: Target, name: string) {
    const x = cpu(a, byName(name));
    const y = cpu(b, byName(name));
    return x !== undefined && y !== undefined ? x / y : undefined;
  }
  function differenceUs(a: Target, b: Target, name: string) {
    const x = cpu(a, byName(name));
    const y = cpu(b, byName(name));
    return x !== undefined && y !== undefined ? (x - y) * 1000 : undefined;
  }
  const ofOurs = (compressed: string, raw: string, combine: (a: number, b: number) => number) => {
    const a = cpu(ours, byName(compressed));
    const b = cpu(ours, byName(raw));
    return a !== undefined && b !== undefined ? combine(a, b) : undefined;
  };
  const memoryHit = oursMemoryHit();
  if (memoryHit) {
    // Over every page kept once, uncompressed and not: one page's cell moves by 5 % between runs.
    const kept = scenarios.filter((s) => memoryHit.pathFor(s) !== null);
    const total = (target: Target) => kept.reduce((sum, s) => sum + (cpu(target, s) ?? NaN), 0);
    checks.push([
      "memory hit (shared cache) / ours",
      total(memoryHit) / total(ours),
      "<= 1.03",
      (r) => r <= 1.03,
    ]);
  }
  checks.push(
    [
      "asset: br / raw",
      ofOurs("hashed asset, br", "hashed asset", (a, b) => a / b),
      "<= 1.2",
      (r) => r <= 1.2,
    ],
    [
      "page rendered once: br / raw",
      ofOurs("/about, br", "/about (static)", (a, b) => a / b),
      "<= 1.2",
      (r) => r <= 1.2,
    ],
    [
      "/blog/[slug]: br - raw, ms",
      ofOurs("/blog/[slug], br", "/blog/[slug] (SSR)", (a, b) => a - b),
      "<= +0.3",
      (d) => d <= 0.3,
    ],
    ["308 redirect: ours, CPU ms/req", cpu(ours, byName("/about/")), "< 0.2", (v) => v < 0.2],
    ["/healthz: ours, CPU ms/req", cpu(ours, byName("/healthz")), "< 0.2", (v) => v < 0.2],
    [
      "metrics on / off, /blog/[slug]",
      ratioOf(oursWithMetrics, ours, "/blog/[slug] (SSR)"),
      "<= 1.03",
      (r) => r <= 1.03,
    ],
    [
      "metrics on - off, asset, us",
      differenceUs(oursWithMetrics, ours, "hashed asset"),
      "<= 10",
      (d) => d <= 10,
    ],
  );
  console.log("\ntracing on / off, every scenario (this run)");
  for (const scenario of scenarios) {
    console.log(
      `  ${scenario.name.padEnd(34)}${pad(ratioOf(traced, ours, scenario.name)?.toFixed(3) ?? "n/a", 8)}` +
        `  (${differenceUs(traced, ours, scenario.name)?.toFixed(1) ?? "n/a"} us)`,
    );
  }
  if (base) {
    console.log(
      "\nours / baseline, every scenario (this run; target <= 1.05 but for /blog/[slug])",
    );
    for (const scenario of scenarios) {
      const r = ratioOf(ours, base, scenario.name);
      const verdict =
        r === undefined || scenario.kind === "dynamic page" ? "" : r <= 1.05 ? "met" : "MISSED";
      console.log(
        `  ${scenario.name.padEnd(34)}${pad(r?.toFixed(3) ?? "n/a", 8)}` +
          `  (${differenceUs(ours, base, scenario.name)?.toFixed(1) ?? "n/a"} us)  ${verdict}`,
      );
    }
  }
  console.log("\nmetrics on / off, every scenario (this run)");
  for (const scenario of scenarios) {
    console.log(
      `  ${scenario.name.padEnd(34)}${pad(ratioOf(oursWithMetrics, ours, scenario.name)?.toFixed(3) ?? "n/a", 8)}` +
        `  (${differenceUs(oursWithMetrics, ours, scenario.name)?.toFixed(1) ?? "n/a"} us)`,
    );
  }
  const rrs = (name: string) => {
    const a = cpu(ours, byName(name));
    const b = cpu(reactRouterServe, byName(name));
    return a !== undefined && b !== undefined ? a / b : undefined;
  };
  console.log("\ntargets (CPU per request, this run)");
  for (const [name, value, target, met] of checks) {
    const verdict = value === undefined ? "n/a" : met(value) ? "met" : "MISSED";
    console.log(
      `  ${name.padEnd(34)}${pad(value?.toFixed(3) ?? "n/a", 8)}  target ${target}: ${verdict}`,
    );
  }
  console.log("\nfor reference");
  for (const name of ["/blog/[slug]", "/about", "hashed asset"]) {
    console.log(
      `  ${`${name}: ours / react-router-serve`.padEnd(34)}${pad(rrs(name)?.toFixed(3) ?? "n/a", 8)}`,
    );
  }

  const cost = clientCost(homeHtml);
  const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
  console.log(
    `\nclient cost of / (JS and CSS, ${cost.files} files), bytes on the wire: ` +
      `${kib(cost.raw)} raw, ${kib(cost.gzip)} gzip, ${kib(cost.br)} brotli`,
  );

  // Issue 24's target is counted over consecutive runs, each with its servers afresh.
  if (WITH_NEXT) await ssrRuns();

  if (WITH_IMAGES) await benchImages({ withNext: WITH_NEXT });
}

await main();
