/**
 * Starts the real production build (`npm run build` output), or the server
 * under Vite as `npm run dev` runs it, on an ephemeral port, and speaks raw
 * HTTP to it: paths go out byte for byte, as a hostile or sloppy client would
 * send them, and redirects are never followed.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { cp, mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { request as httpsRequest } from "node:https";
import { once } from "node:events";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { inject } from "vitest";

import { TRAILING_SLASH, type TrailingSlash } from "../../app/routing/canonical-url.ts";
import { siteConfigInputOf, type SiteConfigInput } from "../../app/routing/site-config.ts";
import site from "../../site.config.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /**
     * A copy of the app built with another site.config.ts (the `second-site`
     * project's global setup): the production build the suites start.
     */
    siteBuild?: string;
  }
}

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const SERVER_ENTRY = "build/node/server/main.js";

/** How a server process is started: its arguments to Node, and its working directory. */
interface Launch {
  readonly args: readonly string[];
  readonly cwd: string;
  readonly startTimeoutMs: number;
}
/**
 * `npm run build`'s output: this project's, or the second site's in that
 * project (asked for when a test starts it: global setups import this file too).
 */
function production(): Launch {
  return { args: [SERVER_ENTRY], cwd: inject("siteBuild") ?? ROOT, startTimeoutMs: 15_000 };
}

/** The production build of a copy of the app (buildAppCopy's folder). */
export function productionIn(dir: string): Launch {
  return { ...production(), cwd: dir };
}

/** The production build, with these options to Node (V8's among them) before it. */
export function productionWith(nodeOptions: readonly string[]): Launch {
  return { ...production(), args: [...nodeOptions, SERVER_ENTRY] };
}

export type LogLine = Record<string, unknown> & { msg: string; level: string };

export interface HttpResponse {
  status: number;
  /** The reason phrase of the status line. */
  statusText: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** The body as received, for binary answers. */
  bytes: Buffer;
}

export interface RequestOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** A request that takes longer fails the test: the server must never hang. */
  timeoutMs?: number;
  /**
   * Over TLS, with this name in the handshake (SNI); the certificate is not
   * checked (a test proxy's, self-signed).
   */
  tlsServername?: string;
}

export interface RunningServer {
  readonly origin: string;
  readonly port: number;
  readonly logs: LogLine[];
  readonly process: ChildProcess;
  request(path: string, options?: RequestOptions): Promise<HttpResponse>;
  waitForLog(match: (line: LogLine) => boolean, timeoutMs?: number): Promise<LogLine>;
  /** The access-log line of the response carrying this `X-Request-Id`. */
  accessLog(response: HttpResponse): Promise<LogLine>;
  /** The error lines logged so far for the request with this id. */
  errorsOf(requestId: unknown): LogLine[];
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export function rawRequest(
  port: number,
  path: string,
  { method = "GET", headers = {}, body, timeoutMs = 5000, tlsServername }: RequestOptions = {},
): Promise<HttpResponse> {
  return new Promise((resolve, reject) => {
    const options = { host: "127.0.0.1", port, path, method, headers, agent: false as const };
    const req = (tlsServername === undefined ? httpRequest : httpsRequest)(
      {
        ...options,
        timeout: timeoutMs,
        ...(tlsServername !== undefined && {
          servername: tlsServername,
          rejectUnauthorized: false,
        }),
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const bytes = Buffer.concat(chunks);
          resolve({
            status: res.statusCode ?? 0,
            statusText: res.statusMessage ?? "",
            headers: res.headers,
            body: bytes.toString("utf8"),
            bytes,
          });
        });
        res.on("error", reject);
      },
    );
    req.on("timeout", () =>
      req.destroy(new Error(`${method} ${path}: no answer in ${timeoutMs} ms`)),
    );
    req.on("error", reject);
    req.end(body);
  });
}

export async function startServer(
  env: Record<string, string> = {},
  launch: Launch = production(),
): Promise<RunningServer> {
  const child = spawn(process.execPath, launch.args, {
    cwd: launch.cwd,
    // The metrics port off: the servers of parallel test files would share its default.
    env: {
      PATH: process.env.PATH,
      PORT: "0",
      HOST: "127.0.0.1",
      LOG_LEVEL: "debug",
      METRICS_PORT: "0",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const logs: LogLine[] = [];
  const waiters = new Set<() => void>();
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  createInterface({ input: child.stdout! }).on("line", (text) => {
    try {
      logs.push(JSON.parse(text) as LogLine);
    } catch {
      logs.push({ level: "raw", msg: text });
    }
    for (const wake of waiters) wake();
  });
  const exited = once(child, "exit").then(([code]) => code as number | null);

  function waitForLog(match: (line: LogLine) => boolean, timeoutMs = 5000): Promise<LogLine> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = logs.find(match);
        if (!found) return false;
        cleanup();
        resolve(found);
        return true;
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`no matching log line in ${timeoutMs} ms; stderr: ${stderr}`));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        waiters.delete(wake);
      };
      const wake = () => void check();
      if (!check()) waiters.add(wake);
    });
  }

  const listening = await Promise.race([
    waitForLog((line) => line.msg === "listening", launch.startTimeoutMs),
    exited.then((code) => {
      throw new Error(`server exited with ${code} before listening: ${stderr}`);
    }),
  ]);
  const port = listening.port as number;

  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    logs,
    process: child,
    request: (path, options) => rawRequest(port, path, options),
    waitForLog,
    accessLog: (response) =>
      waitForLog(
        (line) => line.msg === "request" && line.reqId === response.headers["x-request-id"],
      ),
    errorsOf: (requestId) =>
      logs.filter((line) => line.level === "error" && line.reqId === requestId),
    async stop(signal = "SIGTERM") {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/**
 * The files `npm run dev` reads the app and the server from: copied, so that a
 * test may edit them, and so that both read the copy's site.config.ts.
 */
const APP_FILES = [
  "app",
  "server",
  "site",
  "site.config.ts",
  "package.json",
  "tsconfig.json",
  "vite.config.ts",
  "react-router.config.ts",
];

/**
 * `npm run dev` (the server's sources under Node, the app under Vite) on a copy
 * of the app in a temporary folder, which `appDir` names and `stop` removes.
 */
export async function startDevServer(
  env: Record<string, string> = {},
): Promise<RunningServer & { appDir: string }> {
  const appDir = await mkdtemp(join(tmpdir(), "dev-app-"));
  for (const name of APP_FILES) await cp(join(ROOT, name), join(appDir, name), { recursive: true });
  await writeFile(join(appDir, "site.config.ts"), siteConfigSource({}));
  await symlink(join(ROOT, "node_modules"), join(appDir, "node_modules"), "dir");
  const launch: Launch = {
    // As package.json's "dev" script runs it.
    args: ["--conditions=development", join(appDir, "server", "main.ts")],
    cwd: appDir,
    startTimeoutMs: 60_000,
  };
  const server = await startServer(
    { NODE_ENV: "development", LOG_FORMAT: "json", IMAGE_CACHE_DIR: "", ...env },
    launch,
  ).catch(async (error: unknown) => {
    await rm(appDir, { recursive: true, force: true });
    throw error;
  });
  return {
    ...server,
    appDir,
    async stop(signal) {
      const code = await server.stop(signal);
      await rm(appDir, { recursive: true, force: true });
      return code;
    },
  };
}

/** A page a test adds to a copy of the app, as `site/pages/pricing/[plan].tsx`: nothing but the frame. */
export const PRICING_PAGE = `import { Page } from "../../components/page.tsx";

export default function Pricing() {
  return <Page title="Pricing" description="Our plans." />;
}
`;

/**
 * A site.config.ts: the one the tests run under (this project's, or the second
 * site's), with `changes` over it.
 */
export function siteConfigSource(changes: Partial<SiteConfigInput<string>>): string {
  const config = { ...siteConfigInputOf(site), ...changes };
  return `import { defineSiteConfig } from "./app/routing/site-config.ts";

export default defineSiteConfig(${JSON.stringify(config, null, 2)});
`;
}

/** The files `npm run build` reads, beside the app's. */
const BUILD_FILES = [...APP_FILES, "scripts", "tsconfig.server.json"];

/**
 * A copy of the app, its site.config.ts the tests' (siteConfigSource), with
 * `files` added (paths relative to the copy), built as
 * `npm run build` builds it: the production server started from it with
 * `startServer(env, productionIn(dir))`. A failed build rejects with its output.
 */
export async function buildAppCopy(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "app-copy-"));
  for (const name of BUILD_FILES) await cp(join(ROOT, name), join(dir, name), { recursive: true });
  await symlink(join(ROOT, "node_modules"), join(dir, "node_modules"), "dir");
  for (const [path, source] of Object.entries({
    "site.config.ts": siteConfigSource({}),
    ...files,
  })) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), source);
  }
  const build = spawn("npm", ["run", "build"], { cwd: dir, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  build.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  build.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const [code] = (await once(build, "exit")) as [number | null];
  if (code !== 0) {
    await rm(dir, { recursive: true, force: true });
    throw new Error(`npm run build exited with ${code}:\n${output}`);
  }
  return dir;
}

/**
 * The production server of a copy of the app with `files` added or replaced
 * (buildAppCopy), started with `env`; `stop` removes the copy.
 */
export async function startAppCopy(
  files: Record<string, string>,
  env: Record<string, string> = {},
): Promise<RunningServer> {
  const dir = await buildAppCopy(files);
  const server = await startServer(env, productionIn(dir)).catch(async (error: unknown) => {
    await rm(dir, { recursive: true, force: true });
    throw error;
  });
  return {
    ...server,
    async stop(signal) {
      const code = await server.stop(signal);
      await rm(dir, { recursive: true, force: true });
      return code;
    },
  };
}

/** This project's build, or, for another trailing-slash style, a copy built with it. */
export function startServerWithTrailingSlash(
  mode: TrailingSlash,
  env: Record<string, string> = {},
): Promise<RunningServer> {
  return mode === TRAILING_SLASH
    ? startServer(env)
    : startAppCopy(
        { "site.config.ts": siteConfigSource({ trailingSlash: mode === "always" }) },
        env,
      );
}

/**
 * Runs the server entry with this environment until it exits, from this
 * project's build or a copy's (`cwd`); for start-up failures.
 */
export async function runToExit(
  env: Record<string, string>,
  cwd = ROOT,
): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd,
    env: { PATH: process.env.PATH, PORT: "0", HOST: "127.0.0.1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const [code] = await once(child, "exit");
  return { code: code as number | null, output };
}

/** The message of the `fatal` line a failed start logged, if any. */
export function fatalMessage(output: string): string | undefined {
  return output
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as { level: string; msg: string })
    .find((line) => line.level === "fatal")?.msg;
}

const ENTITIES: Record<string, string> = {
  "&quot;": '"',
  "&amp;": "&",
  "&#x27;": "'",
  "&lt;": "<",
  "&gt;": ">",
};

/** The route marker of a page: `<main data-route data-locale data-params>`. */
export function routeMarker(
  html: string,
): { route: string; locale: string; params: unknown } | null {
  const main = /<main data-route="([^"]*)" data-locale="([^"]*)" data-params="([^"]*)"/.exec(html);
  if (!main) return null;
  const decode = (value: string) => value.replace(/&(quot|amp|#x27|lt|gt);/g, (e) => ENTITIES[e]!);
  return { route: decode(main[1]!), locale: main[2]!, params: JSON.parse(decode(main[3]!)) };
}

/** The `data-page` of an error page (`not-found`, `server-error`, ...), or null. */
export function errorPage(html: string): string | null {
  return /<main data-page="([^"]+)"/.exec(html)?.[1] ?? null;
}

export function htmlLang(html: string): string | null {
  return /<html lang="([^"]+)"/.exec(html)?.[1] ?? null;
}

/** Every `<link rel="alternate" hreflang>` of a page, as { hreflang: href }. */
export function alternates(html: string): Record<string, string> {
  const links: Record<string, string> = {};
  for (const [, hreflang, href] of html.matchAll(
    /<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"/gi,
  )) {
    links[hreflang!] = href!;
  }
  return links;
}

export function canonicalLink(html: string): string | null {
  return /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1] ?? null;
}
