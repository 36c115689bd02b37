/**
 * `npm run bench`: this project's server against `react-router-serve` (Express +
 * compression + morgan) on the same production build, and against a raw
 * node:http server that answers the same bytes (the ceiling). Loopback only,
 * bounded in time. Prints a table, the ratios, RSS across rounds and the
 * client's JS/CSS cost. Run `npm run build` first.
 */
import autocannon from "autocannon";
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { createServer, type AddressInfo, connect } from "node:net";
import { gzipSync } from "node:zlib";

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const RSS_ROUNDS = 3;
const RSS_ROUND_REQUESTS = 10_000;

interface Target {
  name: string;
  start(): Promise<{ port: number; pid: number; stop(): Promise<void> }>;
}

interface Scenario {
  name: string;
  path: string;
  status: number;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

async function waitUntilListening(port: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const up = await new Promise<boolean>((resolve) => {
      const socket = connect(port, "127.0.0.1", () => resolve(socket.end() !== undefined));
      socket.on("error", () => resolve(false));
    });
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("server did not start in 15 s");
}

/**
 * Starts a server process on a free port. Its output (access logs included) goes
 * to /dev/null: reading it here would take CPU from the load generator, and
 * only from the servers that log.
 */
async function spawnServer(args: string[], env: Record<string, string>) {
  const port = await freePort();
  const child = spawn(process.execPath, args, {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  await waitUntilListening(port, child);
  return {
    port,
    pid: child.pid!,
    async stop() {
      child.kill("SIGTERM");
      await once(child, "exit");
    },
  };
}

const ours: Target = {
  name: "ours",
  start: () => spawnServer(["build/node/server/main.js"], { LOG_LEVEL: "info" }),
};

const reactRouterServe: Target = {
  name: "react-router-serve",
  start: () =>
    spawnServer(["node_modules/@react-router/serve/bin.cjs", "build/server/index.js"], {}),
};

/** A raw node:http server, in its own process, answering the exact bytes `ours` answered. */
function ceiling(recordedFile: string): Target {
  return {
    name: "ceiling (raw node:http)",
    start: () => spawnServer(["bench/ceiling.ts", recordedFile], {}),
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

interface Measurement {
  rps: number;
  p50: number;
  p99: number;
  wrongStatus: number;
  errors: number;
}

async function measure(
  port: number,
  scenario: Scenario,
  options: { duration?: number; amount?: number } = {},
): Promise<Measurement> {
  let wrongStatus = 0;
  const result = await autocannon({
    url: `http://127.0.0.1:${port}${scenario.path}`,
    connections: CONNECTIONS,
    ...(options.amount ? { amount: options.amount } : { duration: options.duration ?? DURATION_S }),
    timeout: 10,
    setupClient(client) {
      client.on("response", (statusCode: number) => {
        if (statusCode !== scenario.status) wrongStatus++;
      });
    },
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    wrongStatus,
    errors: result.errors + result.timeouts,
  };
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

function clientCost(homeHtml: string) {
  const files = new Set<string>();
  for (const [, href] of homeHtml.matchAll(/(?:href|src)="(\/assets\/[^"]+\.(?:js|css))"/g))
    files.add(href!);
  let js = 0;
  let css = 0;
  for (const file of files) {
    const gz = gzipSync(readFileSync(`build/client${file}`)).length;
    if (file.endsWith(".css")) css += gz;
    else js += gz;
  }
  return { files: files.size, js, css };
}

const fmt = (n: number, digits = 0) => n.toFixed(digits).padStart(8);

/** react-router-serve has no health endpoint: it would only render its 404 page. */
function skip(target: Target, scenario: Scenario): boolean {
  return target === reactRouterServe && scenario.path === "/healthz";
}

async function main() {
  const probe = await ours.start();
  const asset = /<link rel="modulepreload" href="(\/assets\/[^"]+)"/.exec(
    await (await fetch(`http://127.0.0.1:${probe.port}/about`)).text(),
  )![1]!;
  const scenarios: Scenario[] = [
    { name: "document /blog/[slug]", path: "/blog/hello-world", status: 200 },
    { name: "308 slash redirect", path: "/blog/hello-world/", status: 308 },
    { name: "/healthz", path: "/healthz", status: 200 },
    { name: "hashed asset", path: asset, status: 200 },
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

  const targets = [ours, reactRouterServe, ceiling(recordedFile)];
  console.log(
    `# ${ROUNDS} rounds x ${DURATION_S} s per cell, ${CONNECTIONS} connections, loopback, ` +
      `${new Date().toISOString()}, ${availableParallelism()} cores`,
  );
  // All three servers run side by side (idle ones cost nothing), and each round
  // measures every cell once, in a rotating order, so drift in the machine's
  // speed spreads evenly; the table shows each cell's median round.
  const servers = await Promise.all(targets.map((t) => t.start()));
  const samples = new Map<string, Measurement[]>();
  const key = (target: Target, scenario: Scenario) => `${target.name}|${scenario.name}`;
  for (const [i, target] of targets.entries()) {
    for (const scenario of scenarios) {
      if (skip(target, scenario)) continue;
      await measure(servers[i]!.port, scenario, { amount: 500 }); // warm-up: JIT, caches
    }
  }
  for (let round = 0; round < ROUNDS; round++) {
    for (const scenario of scenarios) {
      for (let j = 0; j < targets.length; j++) {
        const i = (j + round) % targets.length;
        const target = targets[i]!;
        if (skip(target, scenario)) continue;
        const list = samples.get(key(target, scenario)) ?? [];
        list.push(await measure(servers[i]!.port, scenario));
        samples.set(key(target, scenario), list);
      }
    }
  }
  await Promise.all(servers.map((server) => server.stop()));
  const results = new Map<string, Map<string, Measurement>>();
  for (const target of targets) {
    const row = new Map<string, Measurement>();
    for (const scenario of scenarios) {
      const list = samples.get(key(target, scenario));
      if (list) row.set(scenario.name, [...list].sort((a, b) => a.rps - b.rps)[list.length >> 1]!);
    }
    results.set(target.name, row);
  }

  console.log(
    `\n${"scenario".padEnd(24)}${"server".padEnd(26)}${"req/s".padStart(8)}${"p50 ms".padStart(8)}${"p99 ms".padStart(8)}  notes`,
  );
  for (const scenario of scenarios) {
    for (const target of targets) {
      const m = results.get(target.name)!.get(scenario.name);
      if (!m) {
        console.log(
          `${scenario.name.padEnd(24)}${target.name.padEnd(26)}${"n/a".padStart(8)}  (no such endpoint)`,
        );
        continue;
      }
      const notes = [
        m.wrongStatus && `${m.wrongStatus} unexpected status`,
        m.errors && `${m.errors} errors`,
      ]
        .filter(Boolean)
        .join(", ");
      console.log(
        `${scenario.name.padEnd(24)}${target.name.padEnd(26)}${fmt(m.rps)}${fmt(m.p50, 1)}${fmt(m.p99, 1)}  ${notes}`,
      );
    }
  }

  const rps = (target: Target, scenario: Scenario) =>
    results.get(target.name)!.get(scenario.name)!.rps;
  const [document, redirect, healthz, assetScenario] = scenarios as [
    Scenario,
    Scenario,
    Scenario,
    Scenario,
  ];
  const ratios: [string, number, number][] = [
    [
      "document: ours / react-router-serve",
      rps(ours, document) / rps(reactRouterServe, document),
      1.3,
    ],
    ["document: ours / ceiling", rps(ours, document) / rps(targets[2]!, document), 0],
    ["redirect: ours / ceiling", rps(ours, redirect) / rps(targets[2]!, redirect), 0.7],
    ["healthz: ours / ceiling", rps(ours, healthz) / rps(targets[2]!, healthz), 0.7],
    ["asset: ours / ceiling", rps(ours, assetScenario) / rps(targets[2]!, assetScenario), 0],
    [
      "asset: ours / react-router-serve",
      rps(ours, assetScenario) / rps(reactRouterServe, assetScenario),
      0,
    ],
  ];
  console.log("\nratios");
  for (const [name, ratio, target] of ratios) {
    const verdict =
      target === 0
        ? ""
        : ratio >= target
          ? `  target >= ${target}: met`
          : `  target >= ${target}: MISSED`;
    console.log(`  ${name.padEnd(40)}${ratio.toFixed(2).padStart(6)}${verdict}`);
  }

  const server = await ours.start();
  const rounds: number[] = [];
  for (let round = 1; round <= RSS_ROUNDS; round++) {
    await measure(server.port, document, { amount: RSS_ROUND_REQUESTS });
    rounds.push(rssMb(server.pid));
  }
  await server.stop();
  const growth = rounds.at(-1)! - rounds[0]!;
  console.log(
    `\nRSS of ours after each round of ${RSS_ROUND_REQUESTS} document requests: ${rounds.map((r) => `${r.toFixed(1)} MB`).join(", ")}`,
  );
  console.log(
    `  target < 150 MB and not growing: ${rounds.every((r) => r < 150) && growth < 5 ? "met" : "MISSED"} (growth ${growth.toFixed(1)} MB)`,
  );

  const cost = clientCost(homeHtml);
  console.log(
    `\nclient cost of / (gzip): ${(cost.js / 1024).toFixed(1)} KiB JS + ${(cost.css / 1024).toFixed(1)} KiB CSS in ${cost.files} files`,
  );
}

await main();
