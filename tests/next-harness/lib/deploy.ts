/**
 * The two deploy steps a test's app is served by: `next start` (Next.js's
 * build of the folder, the oracle) and the shell (`SITE_DIR` pointed at the
 * folder as it is). Which one: NEXT_HARNESS_RUNTIME (`next` or `shell`).
 */
import { appendFileSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { basename, join } from "node:path";
import {
  buildWithNext,
  buildWithShell,
  siteFolder,
  startNext,
  startShell,
  type SiteServer,
} from "../../next-sites.ts";

export type Runtime = "next" | "shell";

export const RUNTIMES: readonly Runtime[] = ["next", "shell"];

export function runtimeOf(value: string | undefined): Runtime {
  const runtime = value ?? "next";
  if (!RUNTIMES.includes(runtime as Runtime))
    throw new Error(`NEXT_HARNESS_RUNTIME must be one of ${RUNTIMES.join(", ")}, not "${runtime}"`);
  return runtime as Runtime;
}

export interface Deployment {
  readonly url: string;
  readonly buildId: string;
  /** What the server printed since it started. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * What Next.js's test mode is at build time: `__NEXT_TEST_MODE` makes its client
 * mark hydration (`window.__NEXT_HYDRATED`), which the test browser waits for.
 */
const TEST_MODE_ENV = { __NEXT_TEST_MODE: "e2e" };

async function served(server: SiteServer, buildId: string, cleanUp: () => void) {
  return {
    url: server.url.replace("127.0.0.1", "localhost"),
    buildId,
    output: server.output,
    async stop() {
      await server.stop();
      // What the server printed, beside the file's results (run.ts names the file).
      const log = process.env.NEXT_HARNESS_SERVER_LOG;
      if (log) appendFileSync(log, server.output());
      cleanUp();
    },
  } satisfies Deployment;
}

/** The shell's build id: its client manifest's version, as its pages and data URLs say it. */
function shellBuildId(buildDir: string): string {
  const assets = join(buildDir, "client/assets");
  const manifest = readdirSync(assets).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (manifest === undefined) throw new Error(`no client manifest in ${assets}`);
  const version = /"version":"([^"]+)"/.exec(readFileSync(join(assets, manifest), "utf8"))?.[1];
  if (version === undefined) throw new Error(`no version in ${join(assets, manifest)}`);
  return version;
}

/** Builds the test's folder with the runtime and serves it; `env`: the test's own. */
export async function deploy(
  runtime: Runtime,
  testDir: string,
  env: Readonly<Record<string, string>>,
): Promise<Deployment> {
  const buildEnv = { ...TEST_MODE_ENV, ...env };
  if (runtime === "next") {
    const dir = buildWithNext(
      { ...siteFolder(testDir), name: `harness-${basename(testDir)}` },
      buildEnv,
    );
    const buildId = readFileSync(join(dir, ".next/BUILD_ID"), "utf8").trim();
    const server = await startNext(dir, env);
    return served(server, buildId, () => rmSync(dir, { recursive: true, force: true }));
  }
  const buildDir = buildWithShell(testDir, buildEnv);
  const server = await startShell(buildDir, env);
  return served(server, shellBuildId(buildDir), () =>
    rmSync(buildDir, { recursive: true, force: true }),
  );
}
