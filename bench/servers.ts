/**
 * Starting the servers the benchmarks compare: each in its own process, on a
 * free loopback port, pinned to the server core when `taskset` is there, and
 * the Next.js peer installed and built on first use.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { existsSync, readdirSync, statSync } from "node:fs";
import { connect } from "node:net";
import { freePort } from "../server/platform/free-port.ts";
import { hasTaskset, type Running } from "./measure.ts";
import { buildWithNext, EXAMPLE_SITE } from "../tests/next-sites.ts";

export const SERVER_CPU = process.env.BENCH_SERVER_CPU ?? "1";
export const NEXT_DIR = "bench/nextjs";

export { freePort };

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
  cwd?: string,
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
    ...(cwd && { cwd }),
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

/** This project's server, production build (or a copy's, in `cwd`). */
export const startOurs = (
  env: Record<string, string> = {},
  main = "build/node/server/main.js",
  cwd?: string,
) =>
  // Metrics off unless a bench asks for them (BENCH_METRICS_PORT, or in `env`).
  spawnServer(
    () => [main],
    {
      LOG_LEVEL: "info",
      METRICS_PORT: process.env.BENCH_METRICS_PORT ?? "0",
      ...env,
    },
    cwd,
  );

/** Where the peer's site is built and started from: the example site's pages, built by Next.js. */
export const NEXT_SITE_DIR = `${NEXT_DIR}/.sites/${EXAMPLE_SITE.name}`;

/** The Next.js peer, `next start` as a single process (see bench/nextjs/README.md). */
export const startNext = () =>
  spawnServer(
    (port) => [
      `${NEXT_DIR}/node_modules/next/dist/bin/next`,
      "start",
      NEXT_SITE_DIR,
      "-p",
      String(port),
      "-H",
      "127.0.0.1",
    ],
    { NEXT_TELEMETRY_DISABLED: "1" },
  );

/**
 * Builds the Next.js peer from the example site's own pages folder (installing
 * Next.js on first use), unless a build newer than every file it reads is there.
 */
export function prepareNext(): void {
  const built = `${NEXT_SITE_DIR}/.next/BUILD_ID`;
  const newest = (path: string): number =>
    statSync(path).isDirectory()
      ? Math.max(
          statSync(path).mtimeMs,
          ...readdirSync(path, { recursive: true, encoding: "utf8" }).map(
            (f) => statSync(`${path}/${f}`).mtimeMs,
          ),
        )
      : statSync(path).mtimeMs;
  if (existsSync(built)) {
    const builtAt = statSync(built).mtimeMs;
    if (EXAMPLE_SITE.files.every(([, from]) => newest(from) <= builtAt)) return;
  }
  console.log("# Next.js peer: next build of the example site");
  buildWithNext(EXAMPLE_SITE);
}
