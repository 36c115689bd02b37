/**
 * A Next.js site (its `pages/`, the folders they import from, `public/`,
 * `next.config.mjs`), built and served by Next.js, or by the shell:
 *
 * - Next.js itself (`next build`, `next start`), from bench/nextjs's install of
 *   Next.js: the site is copied under bench/nextjs/.sites/, where it finds it;
 * - the shell, pointed at the site's folder as it is (`SITE_DIR`), built into
 *   a folder of its own (`BUILD_DIR`) and served from it.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { createServer as createHttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { basename, join, resolve } from "node:path";
import { freePort } from "../server/platform/free-port.ts";

const ROOT = resolve(import.meta.dirname, "..");
const NEXT_DIR = join(ROOT, "bench/nextjs");
const NEXT_BIN = join(NEXT_DIR, "node_modules/next/dist/bin/next");
/** What `npm run build` reads of the project. */
const PROJECT_FILES = [
  "app",
  "server",
  "site",
  "scripts",
  "package.json",
  "tsconfig.json",
  "tsconfig.server.json",
  "vite.config.ts",
  "react-router.config.ts",
];

export interface SiteServer {
  readonly url: string;
  readonly process: ChildProcess;
  /** What the server printed, for a failure's message. */
  readonly output: () => string;
  stop(): Promise<void>;
}

function run(command: string, args: string[], cwd: string, env: Record<string, string> = {}) {
  const result = spawnSync(command, args, {
    cwd,
    encoding: "utf8",
    env: { ...process.env, ...env },
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) {
    throw new Error(
      `${command} ${args.join(" ")} (in ${cwd}) exited with ${result.status}:\n${result.stdout}\n${result.stderr}`,
    );
  }
}

async function serve(
  args: (port: number) => string[],
  cwd: string,
  env: (port: number) => Record<string, string>,
): Promise<SiteServer> {
  const port = await freePort();
  const child = spawn(process.execPath, args(port), {
    cwd,
    env: { PATH: process.env.PATH ?? "", ...env(port) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${args(port).join(" ")} exited:\n${output}`);
    const up = await fetch(`${url}/`, { redirect: "manual" }).then(
      () => true,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error(`${url} did not answer in 60 s:\n${output}`);
    await new Promise((wait) => setTimeout(wait, 100));
  }
  return {
    url,
    process: child,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        await once(child, "exit");
      }
    },
  };
}

/** A Next.js site's files: each file or folder of it, and where it comes from. */
export interface NextSite {
  /** Its folder's name under bench/nextjs/.sites/. */
  readonly name: string;
  /** `[where in the site, where it is in this project]`: `["pages", "site/pages"]`. */
  readonly files: readonly (readonly [string, string])[];
}

/** A site that is a folder of this project as it is. */
export function siteFolder(dir: string): NextSite {
  return { name: basename(dir), files: readdirSync(dir).map((entry) => [entry, join(dir, entry)]) };
}

/**
 * The example site (site/), as it is, with bench/nextjs's config and the
 * stand-in for the shell's own `@shell/site` (bench/nextjs/shell-site.js).
 */
export const EXAMPLE_SITE: NextSite = {
  name: "example",
  files: [
    ["pages", "site/pages"],
    ["components", "site/components"],
    ["i18n", "site/i18n"],
    ["styles", "site/styles"],
    ["public", "site/public"],
    ["next.config.mjs", "bench/nextjs/next.config.mjs"],
    ["shell-site.js", "bench/nextjs/shell-site.js"],
  ].map(([to, from]) => [to!, join(ROOT, from!)] as const),
};

/** Next.js's build of the site; the folder it was built in. */
export function buildWithNext(site: NextSite, env: Readonly<Record<string, string>> = {}): string {
  if (!existsSync(NEXT_BIN)) run("npm", ["ci", "--no-audit", "--no-fund"], NEXT_DIR);
  const dir = join(NEXT_DIR, ".sites", site.name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  // The site's config, under another name the wrapper below imports, in its own kind of module.
  const configName = (file: string) =>
    file === "next.config.js" ? "site.next.config.cjs" : `site.${file}`;
  let siteConfig: string | null = null;
  for (const [to, from] of site.files) {
    const isConfig = /^next\.config\.[cm]?[jt]s$/.test(to);
    if (isConfig) siteConfig = configName(to);
    const target = join(dir, isConfig ? configName(to) : to);
    mkdirSync(join(target, ".."), { recursive: true });
    // A link in the site (an installed `file:` package) stays relative: within the copy.
    cpSync(from, target, { recursive: true, verbatimSymlinks: true });
  }
  // Next.js resolves its own package from bench/nextjs: the project root it builds in.
  writeFileSync(
    join(dir, "next.config.mjs"),
    [
      siteConfig ? `import site from "./${siteConfig}";` : "const site = {};",
      'const root = new URL("../..", import.meta.url).pathname;',
      "export default async (...args) => {",
      // A config module may export an object, a promise of one, or a function (async or not).
      '  const config = await (typeof site === "function" ? site(...args) : site);',
      "  return {",
      "    ...config,",
      "    turbopack: { ...config.turbopack, root },",
      "    outputFileTracingRoot: root,",
      "  };",
      "};",
      "",
    ].join("\n"),
  );
  run(process.execPath, [NEXT_BIN, "build", dir], NEXT_DIR, {
    ...env,
    NEXT_TELEMETRY_DISABLED: "1",
    // Unset, as Next.js's own test harness builds (a test runner's `test` would load .env.test).
    NODE_ENV: "",
  });
  return dir;
}

/** Next.js's build in `dir`, served by `next start`; `env`: more of its environment. */
export const startNext = (
  dir: string,
  env: Readonly<Record<string, string>> = {},
): Promise<SiteServer> =>
  serve(
    (port) => [NEXT_BIN, "start", dir, "-p", String(port), "-H", "127.0.0.1"],
    NEXT_DIR,
    () => ({ ...env, NEXT_TELEMETRY_DISABLED: "1", NODE_ENV: "production" }),
  );

/**
 * A production build of a copy of this project, `files` written over it (paths
 * relative to the project, contents): the copy's folder, which the caller removes.
 */
export function buildProjectCopy(files: Record<string, string>): string {
  const dir = projectCopy("shell-copy-", [...PROJECT_FILES, "site.config.ts"]);
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(dir, path, ".."), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return builtIn(dir);
}

/** A new folder with these files of this project, and its node_modules linked. */
function projectCopy(prefix: string, names: readonly string[]): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  for (const name of names) cpSync(join(ROOT, name), join(dir, name), { recursive: true });
  symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"), "dir");
  return dir;
}

/** Runs the production build in `dir`: the folder, or it is removed and the error thrown. */
function builtIn(dir: string): string {
  try {
    run("npm", ["run", "build"], dir);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return dir;
}

/**
 * The shell's build of the site folder `siteDir`, as a team makes it: the
 * shell pointed at the folder (SITE_DIR), nothing of it copied or changed;
 * built into a new folder (BUILD_DIR), which the caller removes.
 */
export function buildWithShell(
  siteDir: string,
  env: Readonly<Record<string, string>> = {},
): string {
  const buildDir = mkdtempSync(join(tmpdir(), "shell-build-"));
  try {
    run("npm", ["run", "build"], ROOT, { ...env, SITE_DIR: siteDir, BUILD_DIR: buildDir });
  } catch (error) {
    rmSync(buildDir, { recursive: true, force: true });
    throw error;
  }
  return buildDir;
}

/**
 * A copy of a site folder outside this project's tree, as a team's repository
 * is, its own packages installed as the site's image installs them
 * (scripts/install-site-deps.ts: a `file:` one linked; React and `next` are
 * each runtime's own): the copy's folder.
 */
export function siteCopyOutside(siteDir: string): string {
  const dir = mkdtempSync(join(tmpdir(), `${basename(siteDir)}-`));
  cpSync(siteDir, dir, { recursive: true });
  // Its own packages, as the site's image installs them (a `file:` one is linked).
  run(process.execPath, [join(ROOT, "scripts/install-site-deps.ts"), dir], ROOT);
  return dir;
}

/**
 * The shell's build in `buildDir` (buildWithShell's), served as `npm start`
 * serves one; `env`: more of its environment (a NEXT_PUBLIC_* value given at start).
 */
export const startShell = (
  buildDir: string,
  env: Readonly<Record<string, string>> = {},
): Promise<SiteServer> =>
  serve(
    () => [join(buildDir, "node/server/main.js")],
    buildDir,
    (port) => ({
      // As a site with preview or draft mode is started (Next.js's own tests use them).
      PREVIEW_SECRET: "the-test-sites-preview-secret",
      ...env,
      BUILD_DIR: buildDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "info",
      METRICS_PORT: "0",
      IMAGE_CACHE_DIR: "",
    }),
  );

/**
 * Another app on 127.0.0.1, which a site's rewrites lead to: it answers what
 * it was asked (method, URL, body, the `X-Forwarded-*` headers) as JSON;
 * `/echo/redirect` answers 302 to `/elsewhere`; `/images/photo.png` is a photo
 * (an image server's).
 */
export async function startEchoServer(): Promise<{ url: string; stop(): Promise<void> }> {
  const photo = readFileSync(join(ROOT, "tests/nextjs-site/public/photo.png"));
  const server = createHttpServer((req, res) => {
    if (req.url === "/images/photo.png") {
      res
        .writeHead(200, { "Content-Type": "image/png", "Content-Length": photo.length })
        .end(photo);
      return;
    }
    if (req.url?.startsWith("/echo/redirect")) {
      res.writeHead(302, { Location: "/elsewhere" }).end();
      return;
    }
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      const forwarded = Object.fromEntries(
        Object.entries(req.headers).filter(([name]) => name.startsWith("x-forwarded-")),
      );
      res.writeHead(200, { "Content-Type": "application/json", "X-Echo": "1" });
      res.end(JSON.stringify({ method: req.method, url: req.url, body, forwarded }));
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
