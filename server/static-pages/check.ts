/**
 * The last step of `npm run build`, as `next build` prerenders: every page the
 * build renders once (targets.ts) is rendered by the built server, started
 * for it on a free local port. A page that answers 500 (its getStaticProps
 * throws, or its render does) fails the build, naming the page, its URL and
 * the server's error; a getStaticPaths that throws fails it naming its page.
 *
 *   node BUILD_DIR/node/server/static-pages/check.js BUILD_DIR
 *
 * The pages are rendered to be checked, not kept: a page rendered once holds
 * its public origin (canonical and hreflang links), known only where the
 * server runs (docs/caching.md).
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { join, resolve } from "node:path";
import { TRAILING_SLASH } from "../../app/routing/canonical-url.ts";
import { basePathOf, loadServerBuild } from "../platform/build.ts";
import { freePort } from "../platform/free-port.ts";
import { staticPageTargets, type StaticPageTarget } from "./targets.ts";

/** How long one page may take; past it, the build fails naming it. */
const PAGE_TIMEOUT_MS = 30_000;
/** How long the server may take to start. */
const START_TIMEOUT_MS = 60_000;
/** At most this many URLs are rendered (a site with more gets the first ones checked). */
const MAX_TARGETS = 5_000;

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

// The server's own start would fail the same way (a site.config.ts value, a
// getStaticPaths that throws): the build says so first, and stops.
let targets: StaticPageTarget[];
try {
  const build = await loadServerBuild(buildDir);
  targets = (
    await staticPageTargets(build, { trailingSlash: TRAILING_SLASH, basePath: basePathOf(build) })
  ).slice(0, MAX_TARGETS);
} catch (error) {
  console.error(`npm run build: the built server does not start: ${(error as Error).message}`);
  process.exit(1);
}
if (targets.length === 0) process.exit(0);

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

/** Each failure, and its request's id: the server's error lines are matched once it has exited. */
const failures: { what: string; requestId: string | null }[] = [];
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
