/**
 * `npm run bench:memory [IMAGE]`: the app image under a sustained mixed load,
 * once with `docker run --memory=256m` and once without a limit, side by side:
 * server CPU per request, req/s and p99 per scenario, and the server's RSS and
 * peak RSS (VmHWM) after the run. Build the image first (`npm run image`).
 *
 * Both containers run with host networking on loopback (no userland proxy in
 * the path) and are pinned to the server core; this process, the load, to the
 * other. Environment: DOCKER (docker), BENCH_ROUNDS (5), BENCH_DURATION_S (3),
 * BENCH_MEMORY (256m), BENCH_SERVER_CPU (1), BENCH_LOAD_CPU (0), BENCH_NODE_OPTIONS (unset:
 * NODE_OPTIONS for both containers, to try V8 flags against the image's own).
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import { measure, median, pad, pinLoadGenerator, rssMb, type Measurement } from "./measure.ts";

const IMAGE = process.argv[2] ?? "rr-ssr-shell:latest";
const DOCKER = process.env.DOCKER ?? "docker";
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const LIMIT = process.env.BENCH_MEMORY ?? "256m";
const SERVER_CPU = process.env.BENCH_SERVER_CPU ?? "1";
await pinLoadGenerator(process.env.BENCH_LOAD_CPU ?? "0");

const docker = (...args: string[]) => execFileSync(DOCKER, args, { encoding: "utf8" }).trim();

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function startContainer(memory: string | null) {
  const port = await freePort();
  const id = docker(
    "run",
    "--detach",
    "--read-only",
    "--network=host",
    `--cpuset-cpus=${SERVER_CPU}`,
    ...(memory ? [`--memory=${memory}`] : []),
    "--env",
    `PORT=${port}`,
    "--env",
    "HOST=127.0.0.1",
    ...(process.env.BENCH_NODE_OPTIONS
      ? ["--env", `NODE_OPTIONS=${process.env.BENCH_NODE_OPTIONS}`]
      : []),
    IMAGE,
  );
  const pid = Number(docker("inspect", "--format", "{{.State.Pid}}", id));
  const deadline = Date.now() + 30_000;
  while (
    !(await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (Date.now() > deadline) throw new Error(`${IMAGE} not ready in 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    name: memory ? `--memory=${memory}` : "no limit",
    id,
    port,
    pid,
    async stop() {
      docker("rm", "--force", id);
    },
  };
}

const containers = [await startContainer(LIMIT), await startContainer(null)];
try {
  const about = await (await fetch(`http://127.0.0.1:${containers[0]!.port}/about`)).text();
  const asset = /<link rel="modulepreload" href="(\/assets\/[^"]+)"/.exec(about)![1]!;
  const scenarios = [
    { name: "/blog/[slug] (SSR)", path: "/blog/hello", status: 200 },
    { name: "/about (rendered once)", path: "/about", status: 200 },
    { name: "/about.data", path: "/about.data", status: 200 },
    { name: "/nope (404)", path: "/nope", status: 404 },
    { name: "hashed asset", path: asset, status: 200 },
  ];
  for (const c of containers) {
    for (const s of scenarios) await measure(c, s.path, s.status, { amount: 2000 });
  }
  const samples = new Map<string, Measurement[]>();
  for (let round = 0; round < ROUNDS; round++) {
    for (const scenario of scenarios) {
      for (let j = 0; j < containers.length; j++) {
        const c = containers[(j + round) % containers.length]!;
        const key = `${c.name}|${scenario.name}`;
        samples.set(key, [
          ...(samples.get(key) ?? []),
          await measure(c, scenario.path, scenario.status),
        ]);
      }
    }
  }

  console.log(
    `# ${IMAGE}, ${ROUNDS} rounds per cell, ${new Date().toISOString()}\n` +
      `${"scenario".padEnd(24)}${"container".padEnd(16)}${pad("CPU ms/req", 11)}${pad("req/s", 9)}${pad("p99 ms", 8)}`,
  );
  const rps = new Map<string, number>();
  for (const scenario of scenarios) {
    for (const c of containers) {
      const list = samples.get(`${c.name}|${scenario.name}`)!;
      const errors = list.reduce((sum, m) => sum + m.errors + m.wrongStatus, 0);
      rps.set(`${c.name}|${scenario.name}`, median(list.map((m) => m.rps)));
      console.log(
        `${scenario.name.padEnd(24)}${c.name.padEnd(16)}` +
          `${pad(median(list.map((m) => m.cpuMsPerRequest)).toFixed(3), 11)}` +
          `${pad(median(list.map((m) => m.rps)).toFixed(0), 9)}` +
          `${pad(median(list.map((m) => m.p99)).toFixed(0), 8)}${errors ? `  ${errors} errors` : ""}`,
      );
    }
  }
  console.log("");
  for (const c of containers) {
    const hwm =
      Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${c.pid}/status`, "utf8"))![1]) / 1024;
    const oom = docker("inspect", "--format", "{{.State.OOMKilled}}", c.id);
    console.log(
      `${c.name.padEnd(16)} RSS after the run ${rssMb(c.pid).toFixed(0)} MB, peak ${hwm.toFixed(0)} MB, OOM-killed: ${oom}`,
    );
  }
  const [limited, free] = containers;
  const ratios = scenarios.map(
    (s) => rps.get(`${limited!.name}|${s.name}`)! / rps.get(`${free!.name}|${s.name}`)!,
  );
  console.log(
    `throughput ${limited!.name} / no limit: ${ratios.map((r, i) => `${scenarios[i]!.name} ${r.toFixed(2)}`).join(", ")}`,
  );
} finally {
  for (const c of containers) await c.stop();
}
