/**
 * `npm run bench:profile [-- <path>]`: where this server's CPU goes while it
 * answers one page under load (issue 24). The production build runs with
 * `node --cpu-prof`, pinned to the server core; autocannon loads it from the
 * load core for BENCH_PROFILE_S (12) seconds, after BENCH_PROFILE_WARM_S (2) seconds
 * of load not profiled; the profile's samples taken in
 * that window (start-up and shutdown left out) are summed by self time:
 *   - by package: each dependency by name, Node's own modules, V8 and native
 *     code, the garbage collector, the app's server build, our server;
 *   - the functions with the most self time, with their package;
 *   - the functions with the most inclusive time (each counted once per stack),
 *     which shows the phases of a request: the Fetch adapter, React Router's
 *     handler, React's render, the write.
 * The CPU ms per request printed beside it is under the profiler, so dearer
 * than `npm run bench` says: compare shares between profiles, not this figure.
 * The path defaults to /blog/hello, a page rendered per request.
 * BENCH_PROFILE_PEER=next|vinext profiles a peer instead, its built site in
 * BENCH_PROFILE_SITE (a folder `next build` or vinext's `vite build` built, as
 * bench:peers builds them); the first table splits every server's time alike.
 * BUILD_DIR (build/) the build profiled (another site's: `SITE_DIR=… BUILD_DIR=…
 * npm run build` first). BENCH_PROFILE_TOP (25) rows per table; BENCH_PROFILE_KEEP=1 keeps the
 * .cpuprofile (for Chrome's DevTools) and prints where.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { measure, pad, pinLoadGenerator } from "./measure.ts";
import { spawnServer } from "./servers.ts";

await pinLoadGenerator(process.env.BENCH_LOAD_CPU ?? "0");

const PATH = process.argv[2] ?? "/blog/hello";
const SECONDS = Number(process.env.BENCH_PROFILE_S ?? 12);
const TOP = Number(process.env.BENCH_PROFILE_TOP ?? 25);
// Seconds of load before the profiled window: JIT, caches (a server settles after
// some 30 000 requests of a page rendered per request).
const WARM_S = Number(process.env.BENCH_PROFILE_WARM_S ?? 2);

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** The package a frame belongs to, by where its code was loaded from. */
function packageOf({ url, functionName }: CallFrame): string {
  if (url === "") {
    if (functionName === "(garbage collector)") return "GC";
    return "V8/native";
  }
  if (url.startsWith("node:")) return "Node internals";
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
  if (inModules) return inModules[1]!;
  if (url.includes("/build/node/server/")) return "our server";
  if (url.includes("/build/server/")) return "the app's server build";
  return url;
}

const frameName = ({ functionName, url, lineNumber }: CallFrame) =>
  `${functionName || "(anonymous)"} ${url.replace(/^.*node_modules\//, "").replace(/^file:\/\/.*\/build\//, "build/")}:${lineNumber + 1}`;

/** The profile's nodes by id, and each node's parent. */
function treeOf(profile: CpuProfile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node.id);
  return { byId, parent };
}

/** Self and inclusive sample counts in [from, to] (µs, the profile's clock). */
function summarise(profile: CpuProfile, from: number, to: number) {
  const { byId, parent } = treeOf(profile);

  const self = new Map<number, number>();
  let t = profile.startTime;
  let busy = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i]!;
    if (t < from || t > to) continue;
    const id = profile.samples[i]!;
    if (byId.get(id)!.callFrame.functionName === "(idle)") continue;
    self.set(id, (self.get(id) ?? 0) + 1);
    busy++;
  }

  const byPackage = new Map<string, number>();
  const selfByFrame = new Map<string, { samples: number; pkg: string }>();
  const inclusive = new Map<string, number>();
  for (const [id, count] of self) {
    const { callFrame } = byId.get(id)!;
    const pkg = packageOf(callFrame);
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + count);
    const name = frameName(callFrame);
    const entry = selfByFrame.get(name) ?? { samples: 0, pkg };
    entry.samples += count;
    selfByFrame.set(name, entry);
    // Every frame on this sample's stack, once each (recursion counts once).
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at)!.callFrame;
      if (frame.url === "" && frame.functionName.startsWith("(")) continue;
      const key = frameName(frame);
      if (seen.has(key)) continue;
      seen.add(key);
      inclusive.set(key, (inclusive.get(key) ?? 0) + count);
    }
  }
  return { busy, byPackage, selfByFrame, inclusive };
}

/**
 * The load window's busy samples in five costs every server has, so that
 * servers compare: React's render (a stack under React's `performWork`:
 * components, the page's and the framework's), the access log (pino), the
 * garbage collector, Node's HTTP, sockets and streams (a Node or native frame
 * outside the render), and the rest: the framework's own handling (routing,
 * data functions, headers, its middleware), where the servers differ.
 */
function costSplit(profile: CpuProfile, from: number, to: number): Map<string, number> {
  const { byId, parent } = treeOf(profile);
  const split = new Map<string, number>();
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i]!;
    if (t < from || t > to) continue;
    const leaf = byId.get(profile.samples[i]!)!.callFrame;
    if (leaf.functionName === "(idle)") continue;
    let cost = "the framework's handling";
    if (leaf.functionName === "(garbage collector)") cost = "garbage collector";
    else {
      let render = false;
      let log = false;
      for (let at: number | undefined = profile.samples[i]; at !== undefined; at = parent.get(at)) {
        const { functionName, url } = byId.get(at)!.callFrame;
        // React DOM server's work loop, under whatever name its bundle has (vinext bundles it).
        if (functionName === "performWork") render = true;
        if (/\/(pino|sonic-boom)\//.test(url)) log = true;
      }
      if (render) cost = "React's render";
      else if (log) cost = "access log";
      else if (leaf.url.startsWith("node:") || leaf.url === "") cost = "Node's HTTP and streams";
    }
    split.set(cost, (split.get(cost) ?? 0) + 1);
  }
  return split;
}

const share = (samples: number, busy: number) => `${((samples / busy) * 100).toFixed(1)} %`;

const dir = mkdtempSync(join(tmpdir(), "rrss-profile-"));
const buildDir = process.env.BUILD_DIR || "build";
const peer = process.env.BENCH_PROFILE_PEER ?? "ours";
const peerSite = process.env.BENCH_PROFILE_SITE ?? "";
const cpuProf = ["--cpu-prof", `--cpu-prof-dir=${dir}`];
const host = (port: number) => ["-p", String(port), "-H", "127.0.0.1"];
const server =
  peer === "next"
    ? await spawnServer(
        (port) => [
          ...cpuProf,
          "bench/nextjs/node_modules/next/dist/bin/next",
          "start",
          peerSite,
          ...host(port),
        ],
        { NEXT_TELEMETRY_DISABLED: "1" },
      )
    : peer === "vinext"
      ? await spawnServer(
          (port) => [
            ...cpuProf,
            // vinext ends at SIGTERM without exiting: the profile is written at exit.
            "--import",
            'data:text/javascript,process.on("SIGTERM",()=>process.exit(0))',
            join(process.cwd(), "bench/vinext/node_modules/vinext/dist/cli.js"),
            "start",
            ...host(port),
          ],
          {},
          peerSite,
        )
      : await spawnServer(() => [...cpuProf, join(buildDir, "node/server/main.js")], {
          LOG_LEVEL: "info",
          METRICS_PORT: "0",
          BUILD_DIR: buildDir,
        });
let stopped = false;
try {
  await measure(server, PATH, 200, { duration: WARM_S });
  // V8's profile clock and process.hrtime are both the monotonic clock.
  const from = Number(process.hrtime.bigint() / 1000n);
  const result = await measure(server, PATH, 200, { duration: SECONDS });
  const to = Number(process.hrtime.bigint() / 1000n);
  await server.stop(); // the profile is written at exit
  stopped = true;

  const file = readdirSync(dir).find((name) => name.endsWith(".cpuprofile"));
  if (!file) throw new Error("the server wrote no .cpuprofile");
  const profile = JSON.parse(readFileSync(join(dir, file), "utf8")) as CpuProfile;
  const { busy, byPackage, selfByFrame, inclusive } = summarise(profile, from, to);
  if (busy === 0) throw new Error("no samples in the load window: are the clocks the same?");

  console.log(
    `# ${PATH}: ${SECONDS} s under load, ${result.cpuMsPerRequest.toFixed(3)} ms CPU per request under the profiler, ${busy} busy samples, ${new Date().toISOString()}`,
  );
  if (result.wrongStatus > 0 || result.errors > 0) {
    console.log(`# WARNING: ${result.wrongStatus} wrong statuses, ${result.errors} errors`);
  }
  console.log(`\n${peer}: the costs every server has`);
  for (const [cost, samples] of [...costSplit(profile, from, to)].sort((a, b) => b[1] - a[1])) {
    console.log(`${pad(share(samples, busy), 8)}  ${cost}`);
  }
  console.log("\nself time by package");
  for (const [pkg, samples] of [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, TOP)) {
    console.log(`${pad(share(samples, busy), 8)}  ${pkg}`);
  }
  console.log("\nfunctions by self time");
  for (const [name, { samples, pkg }] of [...selfByFrame]
    .sort((a, b) => b[1].samples - a[1].samples)
    .slice(0, TOP)) {
    console.log(`${pad(share(samples, busy), 8)}  ${name}  [${pkg}]`);
  }
  console.log("\nfunctions by inclusive time");
  for (const [name, samples] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, TOP * 2)) {
    console.log(`${pad(share(samples, busy), 8)}  ${name}`);
  }
  if (process.env.BENCH_PROFILE_KEEP === "1") console.log(`\nprofile: ${join(dir, file)}`);
} finally {
  if (!stopped) await server.stop();
  if (process.env.BENCH_PROFILE_KEEP !== "1") rmSync(dir, { recursive: true, force: true });
}
