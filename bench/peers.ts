/**
 * `npm run bench:peers [-- <pages folder>[=<path>,...]...]`: one Next.js pages folder,
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
 * A control runs beside them (BENCH_CONTROL=0 leaves it out): the shell's same
 * build in a second process, on the pages rendered per request. No code differs,
 * so its ratio to ours, round by round, is what this host's noise alone makes of
 * a ratio in this run.
 *
 * Every server is started fresh, then warmed alike: BENCH_WARM_REQUESTS (30 000)
 * requests of each path, in six turns through the paths, every server on every
 * path it answers (the loader module and the control too, though measured on
 * fewer: warmed on one path only, they read 1.1 to 1.4 times ours), then one
 * measurement of each path not counted (the shell and Next.js both cost two to
 * three times their settled figure at first, and settle after 25 000 to 30 000
 * requests of a page rendered per request: docs/benchmarks.md, 2026-12-02).
 * Then BENCH_ROUNDS (5) rounds, each path measured on every server in an order
 * that turns by one place each round (with five servers over five rounds, each
 * is measured once in each place; before, one was always measured first). A
 * path's measurement on a server, in a round, is BENCH_SLICES (3) slices of
 * BENCH_SLICE_S (1) seconds, taken in turns with the other servers' (the order
 * reversed every other slice), their CPU and requests summed: a drift of the
 * host's speed within the round falls on every server alike, not on the one
 * measured while it lasted. Each slice is of one server alone, the others
 * stopped (SIGSTOP) meanwhile; continued, it gets BENCH_SETTLE_MS (1000) for
 * what fell due while it was stopped, and its CPU is read as long after the
 * load, so that the work the requests left behind is counted with them. The folder defaults to
 * bench/pages-folder.
 *
 * Any other folder (a team's, the example site `site`, one of Next.js's
 * examples fetched as bench/examples/README.md says) is measured on its own
 * pages: `<folder>=/path,/other` names them, else they are found on the shell,
 * from `/` and its links: the first page rendered per request and the first
 * rendered once (by Next.js's marks in `__NEXT_DATA__`), each with the status the shell
 * answers; a path no page has is added for the 404 page. A peer that answers a
 * path with another status is left out of that path, said in the output.
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
import { buildWithNext, buildWithShell, EXAMPLE_SITE, siteFolder } from "../tests/next-sites.ts";
import { hrefsOf, sameOriginPath } from "./html-links.ts";
import { measure, median, pad, pinLoadGenerator, type Running } from "./measure.ts";
import { NEXT_DIR, spawnServer } from "./servers.ts";

await pinLoadGenerator(process.env.BENCH_LOAD_CPU ?? "0");

const ROOT = resolve(import.meta.dirname, "..");
const VINEXT_DIR = join(ROOT, "bench/vinext");
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const DEFAULT_FOLDER = "bench/pages-folder";
// The default folder's pages: the per-request one its loader-page.js replaces, one rendered once.
const DEFAULT_PATHS = ["/blog/hello", "/about"];
// A path no site has a page for: the 404 page.
const NO_PAGE = "/no-such-page-bench";
// Links followed from `/` to find a folder's pages.
const DISCOVERED_LINKS = 40;
const WARM_REQUESTS = Number(process.env.BENCH_WARM_REQUESTS ?? 30_000);
// The warm-up's requests of each path, in this many turns through the paths.
const WARM_TURNS = 6;
const CONTROL = process.env.BENCH_CONTROL !== "0";
const SETTLE_MS = Number(process.env.BENCH_SETTLE_MS ?? 1000);
// A round's measurement of a path on a server, in this many slices of SLICE_S seconds.
const SLICES = Number(process.env.BENCH_SLICES ?? 3);
const SLICE_S = Number(process.env.BENCH_SLICE_S ?? 1);
/** The folders asked for, each with the paths named after its `=`, if any. */
const folders = (process.argv.slice(2).length > 0 ? process.argv.slice(2) : [DEFAULT_FOLDER]).map(
  (arg) => {
    const [folder, named] = arg.split("=", 2) as [string, string | undefined];
    const paths = named?.split(",").filter(Boolean) ?? [];
    return { folder, paths: paths.length > 0 ? paths : null };
  },
);

/** A path measured: the shell's status for it, and whether it renders it per request. */
interface BenchPath {
  readonly path: string;
  readonly status: number;
  readonly perRequest: boolean;
}

const TARGETS = { "Next.js": 0.5, vinext: 0.7, "loader module": 1.05 } as const;

interface Peer {
  readonly name: "ours" | "Next.js" | "vinext" | "loader module" | "ours again";
  readonly start: () => Promise<Running>;
  readonly cleanUp: () => void;
  /** Only these paths (the loader module: the page it replaces); else every path measured. */
  readonly only?: readonly string[];
  /** Only the pages rendered per request (the control). */
  readonly perRequestOnly?: boolean;
}

function run(command: string, args: string[], cwd: string): void {
  const result = spawnSync(command, args, { cwd, stdio: "inherit", env: process.env });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} (in ${cwd}) failed`);
}

/** `next build` of the folder, served by `next start` (bench/nextjs). */
function nextPeer(dir: string): Peer {
  // The example site imports the shell's own `@shell/site`: Next.js builds it with its stand-in.
  const site = dir === join(ROOT, "site") ? EXAMPLE_SITE : siteFolder(dir);
  const built = buildWithNext({ ...site, name: `peers-${basename(dir)}` });
  return {
    name: "Next.js",
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
function shellPeer(dir: string, name: "ours" | "loader module", only?: readonly string[]): Peer {
  const built = buildWithShell(dir);
  return {
    name,
    ...(only && { only }),
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

/** The same build as `ours`, started again: measured on the pages rendered per request only. */
function controlOf(ours: Peer): Peer {
  return { ...ours, name: "ours again", perRequestOnly: true, cleanUp: () => {} };
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

/** Stops or continues a server process (one of ours: started by this run). */
function signal(server: Running, name: "SIGSTOP" | "SIGCONT"): void {
  try {
    process.kill(server.pid, name);
  } catch {
    // Already gone: its measurement says so.
  }
}

const spread = (values: number[]) =>
  `${Math.min(...values).toFixed(3)} to ${Math.max(...values).toFixed(3)}`;

/** What the shell answers for a path: its status, and whether it rendered it per request. */
async function probe(server: Running, path: string): Promise<BenchPath & { html: string }> {
  const response = await fetch(`http://127.0.0.1:${server.port}${path}`, { redirect: "manual" });
  const html = await response.text();
  // As Next.js marks it in the page's data: getServerSideProps, or getInitialProps
  // (the page's or the app's). Not by Cache-Control, which such a page may set itself.
  const perRequest = /"(?:gssp|gip|appGip)":true/.test(html);
  return { path, status: response.status, perRequest, html };
}

/**
 * A folder's pages, on the shell: `/` and the same-site links of its HTML, in
 * order, until one page rendered per request and one rendered once are found.
 */
async function discover(server: Running): Promise<BenchPath[]> {
  const seen = new Set<string>();
  const queue = ["/"];
  let perRequest: BenchPath | undefined;
  let once: BenchPath | undefined;
  while (queue.length > 0 && seen.size < DISCOVERED_LINKS && !(perRequest && once)) {
    const path = queue.shift()!;
    if (seen.has(path)) continue;
    seen.add(path);
    const { html, ...page } = await probe(server, path);
    if (page.status === 200 && page.perRequest) perRequest ??= page;
    if (page.status === 200 && !page.perRequest) once ??= page;
    for (const href of hrefsOf(html)) {
      const linked = sameOriginPath(href, `http://127.0.0.1:${server.port}${path}`);
      if (linked !== null && !linked.startsWith("/api/") && !seen.has(linked)) queue.push(linked);
    }
  }
  return [perRequest, once].filter((page) => page !== undefined);
}

async function benchFolder(folder: string, named: readonly string[] | null): Promise<void> {
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
  add(() => shellPeer(copies[0]!, "ours"), "ours");
  add(() => nextPeer(dir), "Next.js");
  add(() => vinextPeer(dir), "vinext");
  const loader = copies[1];
  if (loader) add(() => shellPeer(loader, "loader module", ["/blog/hello"]), "loader module");
  // The control: the shell's same build in a second process, on the page rendered per
  // request. Its ratio to ours is the host's noise in this run: no code differs.
  if (peers[0]?.name === "ours" && CONTROL) peers.push(controlOf(peers[0]));
  const servers: Running[] = [];
  try {
    if (peers[0]?.name !== "ours") throw new Error("the shell did not build the folder");
    // A server that does not start is named and left out, as one that does not build.
    const started = await Promise.allSettled(peers.map((peer) => peer.start()));
    const running: Peer[] = [];
    for (const [i, outcome] of started.entries()) {
      if (outcome.status === "fulfilled") {
        running.push(peers[i]!);
        servers.push(outcome.value);
      } else {
        const reason = (outcome.reason as Error).message.split("\n")[0];
        console.log(`${peers[i]!.name}: did not start, left out (${reason})`);
      }
    }
    if (running[0]?.name !== "ours") throw new Error("the shell did not start");
    const asked = named ?? (folder === DEFAULT_FOLDER ? DEFAULT_PATHS : null);
    const found = asked
      ? await Promise.all(asked.map(async (path) => probe(servers[0]!, path)))
      : await discover(servers[0]!);
    const noPage = await probe(servers[0]!, NO_PAGE);
    const paths: BenchPath[] = [
      ...found.map(({ path, status, perRequest }) => ({ path, status, perRequest })),
      // The not-found page, however the site's is made (Next.js's `_error` says `gip`).
      { path: NO_PAGE, status: noPage.status, perRequest: false },
    ];
    if (!paths.some((page) => page.perRequest && page.status === 200))
      console.log("no page rendered per request was found: the targets are not measured");
    // answers[i]: the paths peer i answers with the shell's status; the others are left out.
    const answers = await Promise.all(
      running.map(async (peer, i) => {
        const answered = new Set<string>();
        for (const { path, status } of paths) {
          const answer = i === 0 ? status : (await probe(servers[i]!, path)).status;
          if (answer === status) answered.add(path);
          else
            console.log(
              `${peer.name} answers ${path} with ${answer}, the shell ${status}: left out`,
            );
        }
        return answered;
      }),
    );
    // serves[i]: the paths peer i is measured on (the loader module and the control: fewer).
    const serves = running.map(
      (peer, i) =>
        new Set(
          paths
            .filter(({ path }) => !peer.only || peer.only.includes(path))
            .filter(({ perRequest }) => !peer.perRequestOnly || perRequest)
            .map(({ path }) => path)
            .filter((path) => answers[i]!.has(path)),
        ),
    );
    console.log(
      `paths: ${paths.map((p) => `${p.path} (${p.status}, ${p.path === NO_PAGE ? "no page" : p.perRequest ? "per request" : "rendered once"})`).join(", ")}`,
    );
    /**
     * Server i measured alone: every other server stopped (SIGSTOP) meanwhile, so
     * that none spends the shared core on its own leftovers (its collector's threads)
     * while this one is measured. Continued, it is given SETTLE_MS first, for what
     * fell due while it was stopped (its timers: idle-time collection), which no
     * request of this measurement caused; its CPU is read SETTLE_MS after the load,
     * so that what the requests left behind is counted with them. Without this,
     * identical processes differed by up to 1.7x within a round (the control).
     */
    const measureAlone = async (
      i: number,
      path: string,
      status: number,
      options: Parameters<typeof measure>[3] = {},
    ) => {
      for (const [j, server] of servers.entries()) signal(server, j === i ? "SIGCONT" : "SIGSTOP");
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
      return measure(servers[i]!, path, status, { ...options, settleMs: SETTLE_MS });
    };
    // Every server is warmed on every path it answers, measured or not, in turns
    // that go through the paths, so that each has served as many requests of each
    // as the others when the rounds begin, and the page measured first has not
    // gone cold while others were served (docs/benchmarks.md, 2026-12-02).
    const perTurn = Math.ceil(WARM_REQUESTS / WARM_TURNS);
    console.log(
      `warm-up: ${WARM_TURNS} turns of ${perTurn} requests of each path, then one measurement of each, on every server`,
    );
    for (let turn = 0; turn <= WARM_TURNS; turn++) {
      for (const { path, status } of paths) {
        for (const [i] of running.entries()) {
          if (!answers[i]!.has(path)) continue;
          await measureAlone(i, path, status, turn < WARM_TURNS ? { amount: perTurn } : {});
        }
      }
    }
    // samples[path][peer] = CPU ms per request, one per round.
    const samples = new Map(paths.map(({ path }) => [path, running.map(() => [] as number[])]));
    for (let round = 0; round < ROUNDS; round++) {
      const line: string[] = [];
      // This round's order: the servers' list turned by `round` places.
      const order = running.map((_, k) => (k + round) % running.length);
      for (const { path, status } of paths) {
        // Each server's figure for this path: its CPU and requests summed over SLICES
        // slices, taken in turns, the order reversed every other slice.
        const spent = running.map(() => ({ cpuMs: 0, requests: 0 }));
        for (let slice = 0; slice < SLICES; slice++) {
          for (const i of slice % 2 === 0 ? order : order.toReversed()) {
            const peer = running[i]!;
            if (!serves[i]!.has(path)) continue;
            const result = await measureAlone(i, path, status, { duration: SLICE_S });
            if (result.wrongStatus > 0 || result.errors > 0)
              console.log(
                `  ${peer.name} ${path}: ${result.wrongStatus} wrong statuses, ${result.errors} errors`,
              );
            spent[i]!.cpuMs += result.cpuMs;
            spent[i]!.requests += result.requests;
          }
        }
        for (const [i, { cpuMs, requests }] of spent.entries())
          if (serves[i]!.has(path)) samples.get(path)![i]!.push(cpuMs / requests);
        line.push(
          `${path} ${running
            .map((peer, i) =>
              serves[i]!.has(path)
                ? `${peer.name} ${samples.get(path)![i]!.at(-1)!.toFixed(3)}`
                : null,
            )
            .filter(Boolean)
            .join(", ")}`,
        );
      }
      console.log(
        `round ${round + 1} (measured ${order.map((i) => running[i]!.name).join(", ")}): ${line.join("; ")}`,
      );
    }
    for (const { path, perRequest } of paths) {
      const byPeer = samples.get(path)!;
      console.log(`\n${path}: server CPU ms per request, median of ${ROUNDS} rounds (spread)`);
      for (const [i, peer] of running.entries()) {
        if (!serves[i]!.has(path)) continue;
        console.log(
          `  ${peer.name.padEnd(14)}${pad(median(byPeer[i]!).toFixed(3), 7)}  (${spread(byPeer[i]!)})`,
        );
      }
      const ours = byPeer[0]!;
      for (const [i, peer] of running.entries()) {
        if (i === 0 || !serves[i]!.has(path)) continue;
        // The same round's figures, taken back to back: the host's speed drifts between rounds.
        const ratios = ours.map((value, round) => value / byPeer[i]![round]!);
        const target = peer.name in TARGETS ? TARGETS[peer.name as keyof typeof TARGETS] : null;
        const verdict =
          target !== null && (perRequest || peer.name === "loader module")
            ? `, target <= ${target}: ${ratios.every((r) => r <= target) ? "held in every round" : `MISSED in ${ratios.filter((r) => r > target).length} of ${ratios.length} rounds`}`
            : "";
        console.log(
          `  ours / ${peer.name}: ${ratios.map((r) => r.toFixed(3)).join(" ")} (median ${median(ratios).toFixed(3)}, ${spread(ratios)}${verdict})`,
        );
      }
    }
  } finally {
    for (const server of servers) signal(server, "SIGCONT");
    await Promise.all(servers.map((server) => server.stop()));
    for (const peer of peers) peer.cleanUp();
    for (const copy of copies) if (copy) rmSync(copy, { recursive: true, force: true });
  }
}

for (const { folder, paths } of folders) {
  // A folder the shell cannot serve is said, and the next one measured.
  await benchFolder(folder, paths).catch((error: unknown) =>
    console.log(`${folder}: not measured (${(error as Error).message.split("\n")[0]})`),
  );
}
