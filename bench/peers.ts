/**
 * `npm run bench:peers [-- <pages folder>...]`: one Next.js pages folder,
 * unchanged, built and served by `next start`, by `vinext start` and by the
 * shell (SITE_DIR), and, where the folder has one (`loader-page.js` beside its
 * pages), the shell again with that page as a React Router route module: the
 * Next.js page layer's cost against the same page without it (issue 56).
 *
 * Server CPU ms per request (/proc/<pid>/stat over the requests answered; with
 * taskset, the servers on BENCH_SERVER_CPU and the load on BENCH_LOAD_CPU), per
 * round and as medians with their spread, and each round's ratios against the
 * targets: a page rendered per request <= 0.5 x Next.js and <= 0.7 x vinext,
 * the page layer <= 1.05 x the loader module.
 *
 * Every server is started fresh, then warmed alike: BENCH_WARM_REQUESTS (3000)
 * requests of each path, then one measurement of each path not counted. Then
 * BENCH_ROUNDS (5) rounds, each path measured on every server in one fixed
 * order (a rotating order made some servers wait idle longer, which V8 spends
 * freeing memory and code). The folder defaults to bench/pages-folder.
 */
import { spawnSync } from "node:child_process";
import {
  cpSync,
  mkdtempSync,
  existsSync,
  mkdirSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { basename, join, resolve } from "node:path";
import { buildWithNext, buildWithShell, siteFolder } from "../tests/next-sites.ts";
import { measure, median, pad, pinLoadGenerator, type Running } from "./measure.ts";
import { NEXT_DIR, spawnServer } from "./servers.ts";

await pinLoadGenerator(process.env.BENCH_LOAD_CPU ?? "0");

const ROOT = resolve(import.meta.dirname, "..");
const VINEXT_DIR = join(ROOT, "bench/vinext");
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const WARM_REQUESTS = Number(process.env.BENCH_WARM_REQUESTS ?? 3000);
const folders = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ["bench/pages-folder"];

/** The paths measured: a page rendered per request (the targets'), one rendered once, no page. */
const PATHS = [
  { path: "/blog/hello", status: 200, perRequest: true },
  { path: "/about", status: 200, perRequest: false },
  { path: "/nope", status: 404, perRequest: false },
] as const;

const TARGETS = { "Next.js": 0.5, vinext: 0.7, "loader module": 1.05 } as const;

interface Peer {
  readonly name: "ours" | "Next.js" | "vinext" | "loader module";
  readonly start: () => Promise<Running>;
  readonly cleanUp: () => void;
  /** The paths it serves: the loader module only the page it replaces. */
  readonly paths: readonly string[];
}

function run(command: string, args: string[], cwd: string): void {
  const result = spawnSync(command, args, { cwd, stdio: "inherit", env: process.env });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} (in ${cwd}) failed`);
}

/** `next build` of the folder, served by `next start` (bench/nextjs). */
function nextPeer(dir: string): Peer {
  const built = buildWithNext({ ...siteFolder(dir), name: `peers-${basename(dir)}` });
  return {
    name: "Next.js",
    paths: PATHS.map((p) => p.path),
    start: () =>
      spawnServer(
        (port) => [
          join(ROOT, NEXT_DIR, "node_modules/next/dist/bin/next"),
          "start",
          built,
          "-p",
          String(port),
          "-H",
          "127.0.0.1",
        ],
        { NEXT_TELEMETRY_DISABLED: "1" },
      ),
    cleanUp: () => rmSync(built, { recursive: true, force: true }),
  };
}

/**
 * vinext's build of a copy of the folder (bench/vinext/.sites/), its Vite
 * config the one vinext's README gives, served by `vinext start`.
 */
function vinextPeer(dir: string): Peer {
  if (!existsSync(join(VINEXT_DIR, "node_modules/vinext")))
    run("npm", ["ci", "--no-audit", "--no-fund"], VINEXT_DIR);
  const site = join(VINEXT_DIR, ".sites", basename(dir));
  rmSync(site, { recursive: true, force: true });
  mkdirSync(site, { recursive: true });
  for (const entry of readdirSync(dir))
    cpSync(join(dir, entry), join(site, entry), { recursive: true });
  writeFileSync(
    join(site, "vite.config.mjs"),
    'import { defineConfig } from "vite";\nimport vinext from "vinext";\n\nexport default defineConfig({ plugins: [vinext()] });\n',
  );
  writeFileSync(
    join(site, "package.json"),
    JSON.stringify({ name: `peers-${basename(dir)}`, private: true, type: "module" }),
  );
  symlinkSync(join(VINEXT_DIR, "node_modules"), join(site, "node_modules"), "dir");
  run(process.execPath, [join(VINEXT_DIR, "node_modules/vite/bin/vite.js"), "build"], site);
  return {
    name: "vinext",
    paths: PATHS.map((p) => p.path),
    start: () =>
      spawnServer(
        (port) => [
          join(VINEXT_DIR, "node_modules/vinext/dist/cli.js"),
          "start",
          "-p",
          String(port),
          "-H",
          "127.0.0.1",
        ],
        {},
        site,
      ),
    cleanUp: () => rmSync(site, { recursive: true, force: true }),
  };
}

/** The shell's build of `dir` (SITE_DIR), served as `npm start` serves one. */
function shellPeer(dir: string, name: "ours" | "loader module", paths: readonly string[]): Peer {
  const built = buildWithShell(dir);
  return {
    name,
    paths,
    start: () =>
      spawnServer(() => [join(built, "node/server/main.js")], {
        BUILD_DIR: built,
        LOG_LEVEL: "info",
        METRICS_PORT: "0",
        IMAGE_CACHE_DIR: "",
      }),
    cleanUp: () => rmSync(built, { recursive: true, force: true }),
  };
}

/**
 * A copy of the folder outside this project, as a team's folder is (nothing
 * resolved from a node_modules above it), `loader-page.js` left out; with
 * `asLoader`, its per-request page replaced by it: the same page as a React
 * Router route module. Null if `asLoader` and the folder has none.
 */
function folderCopy(dir: string, asLoader = false): string | null {
  const page = join(dir, "loader-page.js");
  if (asLoader && !existsSync(page)) return null;
  const copy = mkdtempSync(join(tmpdir(), `${basename(dir)}-${asLoader ? "loader" : "pages"}-`));
  cpSync(dir, copy, { recursive: true });
  rmSync(join(copy, "loader-page.js"), { force: true });
  if (asLoader) cpSync(page, join(copy, "pages/blog/[slug].js"));
  return copy;
}

const spread = (values: number[]) =>
  `${Math.min(...values).toFixed(3)} to ${Math.max(...values).toFixed(3)}`;

async function benchFolder(folder: string): Promise<void> {
  const dir = resolve(folder);
  console.log(`\n# ${new Date().toISOString()} bench:peers: ${folder}, building with each server`);
  const peers: Peer[] = [];
  const add = (make: () => Peer, name: string) => {
    try {
      peers.push(make());
    } catch (error) {
      console.log(
        `${name}: the build failed, left out (${(error as Error).message.split("\n")[0]})`,
      );
    }
  };
  const copies = [folderCopy(dir), folderCopy(dir, true)];
  const all = PATHS.map((p) => p.path);
  add(() => shellPeer(copies[0]!, "ours", all), "ours");
  add(() => nextPeer(dir), "Next.js");
  add(() => vinextPeer(dir), "vinext");
  const loader = copies[1];
  if (loader) add(() => shellPeer(loader, "loader module", ["/blog/hello"]), "loader module");
  let servers: Running[] = [];
  try {
    servers = await Promise.all(peers.map((peer) => peer.start()));
    console.log(
      `warm-up: ${WARM_REQUESTS} requests of each path, then one measurement of each, on every server`,
    );
    for (const { path, status } of PATHS) {
      for (const [i, peer] of peers.entries()) {
        if (!peer.paths.includes(path)) continue;
        await measure(servers[i]!, path, status, { amount: WARM_REQUESTS });
        await measure(servers[i]!, path, status);
      }
    }
    // samples[path][peer] = CPU ms per request, one per round.
    const samples = new Map(PATHS.map(({ path }) => [path, peers.map(() => [] as number[])]));
    for (let round = 0; round < ROUNDS; round++) {
      const line: string[] = [];
      for (const { path, status } of PATHS) {
        for (const [i, peer] of peers.entries()) {
          if (!peer.paths.includes(path)) continue;
          const result = await measure(servers[i]!, path, status);
          if (result.wrongStatus > 0 || result.errors > 0)
            console.log(
              `  ${peer.name} ${path}: ${result.wrongStatus} wrong statuses, ${result.errors} errors`,
            );
          samples.get(path)![i]!.push(result.cpuMsPerRequest);
        }
        line.push(
          `${path} ${peers
            .map((peer, i) =>
              peer.paths.includes(path)
                ? `${peer.name} ${samples.get(path)![i]!.at(-1)!.toFixed(3)}`
                : null,
            )
            .filter(Boolean)
            .join(", ")}`,
        );
      }
      console.log(`round ${round + 1}: ${line.join("; ")}`);
    }
    for (const { path, perRequest } of PATHS) {
      const byPeer = samples.get(path)!;
      console.log(`\n${path}: server CPU ms per request, median of ${ROUNDS} rounds (spread)`);
      for (const [i, peer] of peers.entries()) {
        if (!peer.paths.includes(path)) continue;
        console.log(
          `  ${peer.name.padEnd(14)}${pad(median(byPeer[i]!).toFixed(3), 7)}  (${spread(byPeer[i]!)})`,
        );
      }
      const ours = byPeer[peers.findIndex((peer) => peer.name === "ours")];
      if (!ours) continue;
      for (const [i, peer] of peers.entries()) {
        if (peer.name === "ours" || !peer.paths.includes(path)) continue;
        // The same round's figures, taken back to back: the host's speed drifts between rounds.
        const ratios = ours.map((value, round) => value / byPeer[i]![round]!);
        const target = TARGETS[peer.name];
        const verdict =
          perRequest || peer.name === "loader module"
            ? `, target <= ${target}: ${ratios.every((r) => r <= target) ? "held in every round" : `MISSED in ${ratios.filter((r) => r > target).length} of ${ratios.length} rounds`}`
            : "";
        console.log(
          `  ours / ${peer.name}: ${ratios.map((r) => r.toFixed(3)).join(" ")} (median ${median(ratios).toFixed(3)}, ${spread(ratios)}${verdict})`,
        );
      }
    }
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    for (const peer of peers) peer.cleanUp();
    for (const copy of copies) if (copy) rmSync(copy, { recursive: true, force: true });
  }
}

for (const folder of folders) await benchFolder(folder);
