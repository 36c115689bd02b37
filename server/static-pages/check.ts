/**
 * The last step of `npm run build`, as `next build` prerenders: every page the
 * build renders once (targets.ts) is made here.
 *
 * 1. Each getStaticProps page's props, for each URL, in this process: what
 *    comes back is recorded with the build (BUILD_DIR/prerendered-props.json,
 *    app/next/page/prerendered.ts), so the server renders those pages from it
 *    and a release's first visitors do not wait for getStaticProps. One that
 *    throws fails the build, naming its page, its URL and the error.
 * 2. Each URL rendered by the built server, started on a free local port with
 *    that record: a page that answers 500 (its render fails) fails the build,
 *    naming the page, its URL and the server's error.
 *
 *   node BUILD_DIR/node/server/static-pages/check.js BUILD_DIR
 *
 * The HTML is rendered to be checked, not kept: a page rendered once holds
 * its public origin (canonical and hreflang links), known only where the
 * server runs (docs/caching.md).
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { TRAILING_SLASH } from "../../app/routing/canonical-url.ts";
import { BUILD_PHASE } from "../../app/routing/next-config.ts";
import { basePathOf, buildIdOf, loadServerBuild } from "../platform/build.ts";
import { loadSiteEnv } from "../platform/site-env.ts";
import { createLogger } from "../platform/logger.ts";
import { nextData } from "../pages/next-data.ts";
import { nextDataPath } from "../../app/next/routing/data-url.ts";
import {
  PRERENDERED_PROPS_RECORD,
  type PrerenderedProps,
  type StaticOutcome,
} from "../../app/next/page/prerendered.ts";
import { withBasePath } from "../../app/routing/base-path.ts";
import { freePort } from "../platform/free-port.ts";
import { staticPageTargets, type StaticPageTarget } from "./targets.ts";
import type { AppServerBuild } from "../platform/build.ts";
import { provideEdgeGlobals } from "../steps/api/edge.ts";

/** How long one page may take; past it, the build fails naming it. */
const PAGE_TIMEOUT_MS = 30_000;
/** How long the server may take to start. */
const START_TIMEOUT_MS = 60_000;
/** At most this many URLs are rendered (a site with more gets the first ones checked). */
const MAX_TARGETS = 5_000;

// As `next build` tells the code it runs (NEXT_PHASE), which real sites read to skip work at build.
process.env.NEXT_PHASE = BUILD_PHASE;

const buildDir = resolve(process.argv[2] ?? process.env.BUILD_DIR ?? "build");

/** The server's error lines of a request, by its id: their messages. */
function errorsOf(log: string, requestId: string | null): string[] {
  if (requestId === null) return [];
  return log.split("\n").flatMap((line) => {
    if (!line.includes(requestId)) return [];
    try {
      const entry = JSON.parse(line) as {
        level?: string;
        msg?: string;
        err?: { message?: string };
      };
      return entry.level === "error" || entry.level === "fatal"
        ? [entry.err?.message ?? entry.msg ?? line]
        : [];
    } catch {
      return [];
    }
  });
}

/** Each failure, and its request's id: the server's error lines are matched once it has exited. */
const failures: { what: string; requestId: string | null }[] = [];

// The site's variables, for its data functions, as the server loads them.
provideEdgeGlobals();
loadSiteEnv({ development: false, buildDir });
const recordFile = join(buildDir, PRERENDERED_PROPS_RECORD);
rmSync(recordFile, { force: true });

// The server's own start would fail the same way (a site.config.ts value, a
// getStaticPaths that throws): the build says so first, and stops.
let targets: StaticPageTarget[];
let build: AppServerBuild;
try {
  build = await loadServerBuild(buildDir);
  targets = (
    await staticPageTargets(build, { trailingSlash: TRAILING_SLASH, basePath: basePathOf(build) })
  ).slice(0, MAX_TARGETS);
} catch (error) {
  console.error(`npm run build: the built server does not start: ${(error as Error).message}`);
  process.exit(1);
}
if (targets.length === 0) process.exit(0);

// 1. getStaticProps, once for each URL, recorded for the server.
const buildId = buildIdOf(build);
const basePath = basePathOf(build);
const data = nextData(
  build,
  { buildId, basePath },
  createLogger({ logLevel: "silent", logFormat: "json" }),
);
const outcomes: Record<string, StaticOutcome> = {};
/** The URLs whose getStaticProps failed: said once, not rendered. */
const propsFailed = new Set<string>();
const madeAt = Date.now();
for (const { target, file, locale, path } of targets) {
  try {
    const made = await data.staticProps(
      withBasePath(nextDataPath({ buildId, locale, path }), basePath, false),
    );
    if (made !== null) outcomes[made.key] = made.outcome;
  } catch (error) {
    failures.push({
      what: `pages/${file} at ${target}: getStaticProps failed: ${(error as Error).message}`,
      requestId: null,
    });
    propsFailed.add(target);
  }
}
const record: PrerenderedProps = {
  buildId,
  madeAt,
  outcomes,
  urls: targets.map(({ target }) => target),
};
writeFileSync(recordFile, JSON.stringify(record));

const port = await freePort();
const server = spawn(process.execPath, [join(buildDir, "node/server/main.js")], {
  env: {
    ...process.env,
    NODE_ENV: "production",
    BUILD_DIR: buildDir,
    PORT: String(port),
    HOST: "127.0.0.1",
    LOG_LEVEL: "error",
    METRICS_PORT: "0",
    IMAGE_CACHE_DIR: "",
    CACHE_URL: "",
  },
  stdio: ["ignore", "pipe", "pipe"],
});
let log = "";
server.stdout.on("data", (chunk: Buffer) => (log += chunk.toString()));
server.stderr.on("data", (chunk: Buffer) => (log += chunk.toString()));
const origin = `http://127.0.0.1:${port}`;

const started = Date.now();
try {
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the built server did not start:\n${log}`);
    const ready = await fetch(`${origin}/readyz`).then(
      (answer) => answer.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() - started > START_TIMEOUT_MS)
      throw new Error(`the built server did not start in ${START_TIMEOUT_MS / 1000} s:\n${log}`);
    await new Promise((wait) => setTimeout(wait, 100));
  }
  for (const { target, file } of targets) {
    if (propsFailed.has(target)) continue;
    try {
      const answer = await fetch(origin + target, {
        redirect: "manual",
        signal: AbortSignal.timeout(PAGE_TIMEOUT_MS),
      });
      await answer.arrayBuffer();
      if (answer.status >= 500) {
        failures.push({
          what: `pages/${file} at ${target}: ${answer.status}`,
          requestId: answer.headers.get("x-request-id"),
        });
      }
    } catch (error) {
      failures.push({
        what: `pages/${file} at ${target}: ${(error as Error).message}`,
        requestId: null,
      });
    }
  }
} finally {
  server.kill("SIGTERM");
  if (server.exitCode === null) await once(server, "exit");
}
if (failures.length > 0) {
  const lines = failures.map(({ what, requestId }) => {
    const errors = errorsOf(log, requestId);
    return errors.length > 0 ? `${what} (${errors.join("; ")})` : what;
  });
  console.error(
    `npm run build: ${failures.length} page${failures.length > 1 ? "s" : ""} rendered once failed to render, as next build would fail:\n- ${lines.join("\n- ")}`,
  );
  process.exit(1);
}
console.log(
  `rendered the ${targets.length} URLs of the pages rendered once in ${((Date.now() - started) / 1000).toFixed(1)} s: none failed`,
);
