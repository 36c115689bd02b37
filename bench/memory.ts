/**
 * `npm run bench:memory [IMAGE]`: the app image in a memory-limited container,
 * in up to three sections (BENCH_MEMORY_SECTIONS, default all three):
 *
 *   - sustained: a sustained mixed load, once with `docker run --memory=256m`
 *     and once without a limit, side by side: server CPU per request, req/s and
 *     p99 per scenario, and the server's RSS and peak RSS (VmHWM) after the run.
 *   - burst: issue 47's cold burst (bench/cold-burst.ts: every device width of
 *     the photo, AVIF and WebP, three at once each, page loads beside it) in
 *     256 MiB without swap, on a fresh container: OOM-killed or not, every
 *     answer, the cgroup's peak and the process's anonymous peak; and beside it
 *     `next start` (bench/nextjs, installed and built on first use) in the same
 *     container size, on NODE_IMAGE.
 *   - allocators: RSS after many variants (BENCH_VARIANT_ROUNDS x 200 distinct,
 *     four at a time, nothing cached), then idle, with the image's allocator
 *     (jemalloc) and with glibc's as the image had it before (decision 025).
 *
 * Build the image first (`npm run image`). Containers run with host networking
 * on loopback (no userland proxy in the path) and are pinned to the server
 * core; this process, the load, to the other. Environment: DOCKER (docker),
 * BENCH_ROUNDS (5), BENCH_DURATION_S (3), BENCH_MEMORY (256m), BENCH_SERVER_CPU
 * (1), BENCH_LOAD_CPU (0), BENCH_NODE_OPTIONS (unset: NODE_OPTIONS for every
 * container of ours, to try V8 flags against the image's own), NODE_IMAGE
 * (node:24-bookworm-slim: what `next start` runs on), BENCH_VARIANT_ROUNDS (3).
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CGROUP_PEAK_COMMAND, coldBurst, tally, type BurstResult } from "./cold-burst.ts";
import { BENCH_QUALITIES, burstVariants } from "./images.ts";
import { measure, median, pad, pinLoadGenerator, rssMb, type Measurement } from "./measure.ts";
import { NEXT_DIR, NEXT_SITE_DIR, prepareNext } from "./servers.ts";

const IMAGE = process.argv[2] ?? "rr-ssr-shell:latest";
const DOCKER = process.env.DOCKER ?? "docker";
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const LIMIT = process.env.BENCH_MEMORY ?? "256m";
const SERVER_CPU = process.env.BENCH_SERVER_CPU ?? "1";
const SECTIONS = (process.env.BENCH_MEMORY_SECTIONS ?? "sustained,burst,allocators").split(",");
const NODE_IMAGE = process.env.NODE_IMAGE ?? "node:24-bookworm-slim";
const VARIANT_ROUNDS = Number(process.env.BENCH_VARIANT_ROUNDS ?? 3);
/** Bounds: a server's start, and a whole allocator run. */
const START_TIMEOUT_MS = 60_000;
const ALLOCATOR_RUN_TIMEOUT_MS = 600_000;
const MiB = 1 << 20;
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

/** A field of /proc/<pid>/status, in MiB (the container's PID 1, seen from the host). */
function statusMib(pid: number, field: "VmHWM" | "VmRSS" | "RssAnon"): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)![1]) / 1024;
}

interface Started {
  name: string;
  id: string;
  port: number;
  pid: number;
  stop(): Promise<void>;
}

interface RunOptions {
  memory: string | null;
  /** `--memory-swap` equal to `--memory`: no swap to fall back on, as the issue's reproduction. */
  noSwap?: boolean;
  env?: Record<string, string>;
  name?: string;
  /** What to run instead of the app image (the Next.js peer): image, docker options, command. */
  custom?: { image: string; options: string[]; command: string[]; readyPath: string };
}

async function startContainer({
  memory,
  noSwap,
  env = {},
  name,
  custom,
}: RunOptions): Promise<Started> {
  const port = await freePort();
  const nodeOptions = process.env.BENCH_NODE_OPTIONS;
  const environment = {
    PORT: String(port),
    HOST: "127.0.0.1",
    ...(nodeOptions && !custom ? { NODE_OPTIONS: nodeOptions } : {}),
    ...env,
  };
  const id = docker(
    "run",
    "--detach",
    "--read-only",
    "--network=host",
    `--cpuset-cpus=${SERVER_CPU}`,
    ...(memory ? [`--memory=${memory}`, ...(noSwap ? [`--memory-swap=${memory}`] : [])] : []),
    ...Object.entries(environment).flatMap(([key, value]) => ["--env", `${key}=${value}`]),
    ...(custom ? [...custom.options, custom.image, ...custom.command] : [IMAGE]),
  );
  const pid = Number(docker("inspect", "--format", "{{.State.Pid}}", id));
  const deadline = Date.now() + START_TIMEOUT_MS;
  const readyPath = custom?.readyPath ?? "/readyz";
  while (
    !(await fetch(`http://127.0.0.1:${port}${readyPath}`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (Date.now() > deadline) {
      docker("rm", "--force", id);
      throw new Error(`${custom?.image ?? IMAGE} not ready in ${START_TIMEOUT_MS / 1000} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    name: name ?? (memory ? `--memory=${memory}` : "no limit"),
    id,
    port,
    pid,
    async stop() {
      docker("rm", "--force", id);
    },
  };
}

async function sustained(): Promise<void> {
  const containers = [
    await startContainer({ memory: LIMIT }),
    await startContainer({ memory: null }),
  ];
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
}

/** The cgroup's peak (bytes -> MiB) while the container runs; null once it is gone. */
function cgroupPeakMib(id: string): number | null {
  try {
    const output = execFileSync(DOCKER, ["exec", id, ...CGROUP_PEAK_COMMAND], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    });
    return Number(output) / MiB;
  } catch {
    return null;
  }
}

/** Runs the cold burst on a fresh container, sampling its process's anonymous memory. */
async function burstOn(server: Started, imageUrl?: (width: number) => string) {
  let peakAnon = 0;
  const sample = () => {
    try {
      peakAnon = Math.max(peakAnon, statusMib(server.pid, "RssAnon"));
    } catch {
      // gone: OOM-killed
    }
  };
  const sampler = setInterval(sample, 20);
  let result: BurstResult;
  try {
    result = await coldBurst(server.port, imageUrl);
  } finally {
    clearInterval(sampler);
  }
  const state = docker("inspect", "--format", "{{.State.OOMKilled}} {{.State.Running}}", server.id);
  const [oomKilled, running] = state.split(" ").map((word) => word === "true");
  return { result, oomKilled, running, peakMib: cgroupPeakMib(server.id), peakAnonMib: peakAnon };
}

function printBurst(name: string, run: Awaited<ReturnType<typeof burstOn>>): void {
  const { result, oomKilled, peakMib, peakAnonMib } = run;
  const lost = [...result.images, ...result.pages].filter((a) => a.status === null).length;
  const formats = new Map<string, number>();
  for (const answer of result.images) {
    if (answer.status === 200) {
      const key = `${answer.width} ${answer.asked}->${answer.contentType.replace("image/", "")}`;
      formats.set(key, (formats.get(key) ?? 0) + 1);
    }
  }
  console.log(
    `${name.padEnd(34)} OOM-killed: ${oomKilled ? "YES" : "no "}  ` +
      `cgroup peak ${peakMib === null ? "n/a (killed)" : `${peakMib.toFixed(0)} MiB`}, ` +
      `anonymous peak ${peakAnonMib.toFixed(0)} MiB; ${result.seconds.toFixed(1)} s; ` +
      `images ${tally(result.images)}; pages ${tally(result.pages)}; lost ${lost}`,
  );
  const answered = [...formats].map(([key, count]) => `${key}${count > 1 ? ` x${count}` : ""}`);
  if (answered.length > 0) console.log(`  ${"".padEnd(32)} answered: ${answered.join(", ")}`);
}

async function burst(): Promise<void> {
  console.log(
    `\n# cold burst in ${LIMIT} without swap (${IMAGE}; next start on ${NODE_IMAGE}), ${new Date().toISOString()}`,
  );
  const ours = await startContainer({ memory: LIMIT, noSwap: true, name: "ours" });
  try {
    printBurst(`ours (${IMAGE})`, await burstOn(ours));
  } finally {
    await ours.stop();
  }
  prepareNext();
  // next start writes its image cache under .next/cache: a fresh folder per run.
  const scratch = mkdtempSync(join(tmpdir(), "next-image-cache-"));
  const next = await startContainer({
    memory: LIMIT,
    noSwap: true,
    name: "next",
    env: { NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
    custom: {
      image: NODE_IMAGE,
      options: [
        "--volume",
        `${process.cwd()}/${NEXT_DIR}:/next:ro`,
        "--volume",
        `${scratch}:/next/${NEXT_SITE_DIR.slice(NEXT_DIR.length + 1)}/.next/cache`,
        "--workdir",
        "/next",
        "--user",
        `${process.getuid?.() ?? 1000}`,
      ],
      command: [
        "node",
        "node_modules/next/dist/bin/next",
        "start",
        NEXT_SITE_DIR.slice(NEXT_DIR.length + 1),
      ],
      readyPath: "/about",
    },
  });
  try {
    printBurst(
      "next start (bench/nextjs)",
      await burstOn(next, (w) => `/_next/image?url=%2Fimages%2Fvalley.jpg&w=${w}&q=75`),
    );
  } finally {
    await next.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** Every allocator the image can run with, by its environment. */
const ALLOCATORS: { name: string; env: Record<string, string> }[] = [
  { name: "jemalloc (the image's)", env: {} },
  // jemalloc's own decay: freed pages kept 10 s, not 1.
  { name: "jemalloc, 10 s decay", env: { MALLOC_CONF: "narenas:2,background_thread:true" } },
  { name: "glibc, MALLOC_ARENA_MAX=1", env: { LD_PRELOAD: "", MALLOC_ARENA_MAX: "1" } },
  // As the image ran before decision 025: glibc, two arenas.
  { name: "glibc, MALLOC_ARENA_MAX=2", env: { LD_PRELOAD: "", MALLOC_ARENA_MAX: "2" } },
  { name: "glibc, default arenas", env: { LD_PRELOAD: "" } },
];

const ACCEPT = { avif: "image/avif", webp: "image/webp", jpeg: "image/jpeg" } as const;

async function allocators(): Promise<void> {
  const variants = burstVariants();
  console.log(
    `\n# allocators: ${VARIANT_ROUNDS} x ${variants.length} distinct variants, 4 at a time, nothing cached, ` +
      `in ${LIMIT === "256m" ? "1g" : LIMIT} (${IMAGE}), ${new Date().toISOString()}\n` +
      `${"allocator".padEnd(28)}${pad("start", 7)}${VARIANT_ROUNDS > 0 ? Array.from({ length: VARIANT_ROUNDS }, (_, i) => pad(`#${i + 1}`, 7)).join("") : ""}` +
      `${pad("idle 5s", 9)}${pad("peak", 7)}${pad("CPU s", 8)}  (RssAnon, MiB)`,
  );
  for (const allocator of ALLOCATORS) {
    // Room for the unbounded allocators to show their creep: the limit is not the point here.
    const server = await startContainer({
      memory: "1g",
      name: allocator.name,
      env: {
        ...allocator.env,
        IMAGE_QUALITIES: BENCH_QUALITIES.join(","),
        IMAGE_MEMORY_CACHE_MAX_BYTES: "0",
      },
    });
    try {
      const cpuSeconds = () => {
        const stat = readFileSync(`/proc/${server.pid}/stat`, "utf8");
        const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
        return (Number(fields[11]) + Number(fields[12])) / 100;
      };
      const anon = () => statusMib(server.pid, "RssAnon");
      const row = [anon()];
      let peak = 0;
      const sampler = setInterval(() => (peak = Math.max(peak, anon())), 50);
      const cpuBefore = cpuSeconds();
      const deadline = Date.now() + ALLOCATOR_RUN_TIMEOUT_MS;
      let failed = 0;
      for (let round = 0; round < VARIANT_ROUNDS; round++) {
        let next = 0;
        await Promise.all(
          Array.from({ length: 4 }, async () => {
            while (next < variants.length && Date.now() < deadline) {
              const { width, quality, format } = variants[next++]!;
              const response = await fetch(
                `http://127.0.0.1:${server.port}/_image?src=%2Fimages%2Fvalley.jpg&w=${width}&q=${quality}`,
                { headers: { accept: ACCEPT[format] }, signal: AbortSignal.timeout(60_000) },
              ).catch(() => null);
              await response?.arrayBuffer();
              if (response?.status !== 200) failed++;
            }
          }),
        );
        row.push(anon());
      }
      clearInterval(sampler);
      const cpu = cpuSeconds() - cpuBefore;
      await new Promise((resolve) => setTimeout(resolve, 5000));
      row.push(anon());
      console.log(
        `${allocator.name.padEnd(28)}${row
          .map((mib) => pad(mib.toFixed(0), 7))
          .join("")
          .replace(/(.{7})$/, (last) => pad(last.trim(), 9))}` +
          `${pad(peak.toFixed(0), 7)}${pad(cpu.toFixed(1), 8)}${failed ? `  ${failed} failed` : ""}`,
      );
    } finally {
      await server.stop();
    }
  }
}

if (SECTIONS.includes("sustained")) await sustained();
if (SECTIONS.includes("burst")) await burst();
if (SECTIONS.includes("allocators")) await allocators();
