/**
 * Starting the servers the benchmarks compare: each in its own process, on a
 * free loopback port, pinned to the server core when `taskset` is there, and
 * the Next.js peer installed and built on first use.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { copyFileSync, existsSync, mkdirSync, readdirSync, statSync } from "node:fs";
import { createServer, type AddressInfo, connect } from "node:net";
import { hasTaskset, type Running } from "./measure.ts";

export const SERVER_CPU = process.env.BENCH_SERVER_CPU ?? "1";
export const NEXT_DIR = "bench/nextjs";
/** What `next build` reads: a build older than any of these is rebuilt. */
const NEXT_SOURCES = [
  "next.config.mjs",
  "pages",
  "components",
  "lib",
  "scripts",
  // What scripts/from-app.mjs takes from the main app before each build.
  "../../app/i18n/messages.ts",
  "../../app/app.css",
];

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

async function waitUntilListening(port: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const up = await new Promise<boolean>((resolve) => {
      const socket = connect(port, "127.0.0.1", () => resolve(socket.end() !== undefined));
      socket.on("error", () => resolve(false));
    });
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("server did not start in 30 s");
}

/**
 * Starts a server process on a free port, pinned to the server core. Its output
 * (access logs included) goes to /dev/null: reading it here would take CPU from
 * the load generator, and only from the servers that log.
 */
export async function spawnServer(
  args: (port: number) => string[],
  env: Record<string, string> = {},
): Promise<Running> {
  const port = await freePort();
  const command = hasTaskset ? "taskset" : process.execPath;
  const prefix = hasTaskset ? ["-c", SERVER_CPU, process.execPath] : [];
  // taskset execs the command: the child's PID is the server's.
  const child = spawn(command, [...prefix, ...args(port)], {
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

/** This project's server, production build. */
export const startOurs = (env: Record<string, string> = {}, main = "build/node/server/main.js") =>
  // Metrics off unless a bench asks for them (BENCH_METRICS_PORT, or in `env`).
  spawnServer(() => [main], {
    LOG_LEVEL: "info",
    METRICS_PORT: process.env.BENCH_METRICS_PORT ?? "0",
    ...env,
  });

/** The Next.js peer, `next start` as a single process (see bench/nextjs/README.md). */
export const startNext = () =>
  spawnServer(
    (port) => [
      `${NEXT_DIR}/node_modules/next/dist/bin/next`,
      "start",
      NEXT_DIR,
      "-p",
      String(port),
      "-H",
      "127.0.0.1",
    ],
    { NEXT_TELEMETRY_DISABLED: "1" },
  );

/**
 * Installs and builds the Next.js peer where that has not been done yet, and
 * gives it the example app's photo, so both optimizers resize the same source.
 */
export function prepareNext(): void {
  const step = (what: string, args: string[]) => {
    console.log(`# Next.js peer: ${what}`);
    const result = spawnSync("npm", args, {
      cwd: NEXT_DIR,
      stdio: ["ignore", "ignore", "inherit"],
    });
    if (result.status !== 0) throw new Error(`bench/nextjs: ${what} failed`);
  };
  if (!existsSync(`${NEXT_DIR}/node_modules/next`)) {
    step("npm ci", ["ci", "--no-audit", "--no-fund"]);
  }
  const built = `${NEXT_DIR}/.next/BUILD_ID`;
  const stale = () => {
    const builtAt = statSync(built).mtimeMs;
    return NEXT_SOURCES.flatMap((source) => {
      const path = `${NEXT_DIR}/${source}`;
      if (!statSync(path).isDirectory()) return [path];
      return readdirSync(path, { recursive: true, encoding: "utf8" }).map((f) => `${path}/${f}`);
    }).some((file) => statSync(file).mtimeMs > builtAt);
  };
  if (!existsSync(built) || stale()) {
    step("npm run build", ["run", "build"]);
  }
  mkdirSync(`${NEXT_DIR}/public/images`, { recursive: true });
  copyFileSync("public/images/valley.jpg", `${NEXT_DIR}/public/images/valley.jpg`);
}
