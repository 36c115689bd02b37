/**
 * `npm run build`: the site SITE_DIR names (default: the embedded example) into
 * BUILD_DIR (default: build/), in order:
 *
 *   the site's .env files (production), loaded as Next.js loads them
 *   -> react-router build: the browser's files and the server bundle
 *   -> the site's older static/ folder, if any, beside its public files
 *   -> the browser's files compressed (scripts/precompress.ts)
 *   -> the Node server compiled (tsc, into BUILD_DIR/node)
 *   -> what the build keeps of its site: its settings (site.json) and its .env
 *      files (site-env/), which the server reads at start (npm start)
 *   -> every page rendered once, rendered by the built server: one that fails
 *      fails the build, as in `next build` (server/static-pages/)
 */
import { spawnSync } from "node:child_process";
import { copyFileSync, cpSync, existsSync, mkdirSync, rmSync, symlinkSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { buildSiteConfig } from "../app/routing/site-config.ts";
import { writeSiteRecord } from "../app/site/config.ts";
import { envFilesOf, envFileTexts, envFromFiles, SITE_ENV_FOLDER } from "../app/site/env.ts";
import { currentSite } from "../app/site/folder.ts";
import { PUBLIC_ENV_RECORD } from "../app/site/public-env.ts";

const SHELL_DIR = resolve(import.meta.dirname, "..");
const buildDir = resolve(process.env.BUILD_DIR || "build");
const site = currentSite();

// A build starts anew: Vite empties no folder outside the shell's own.
for (const part of ["client", "server", "node", PUBLIC_ENV_RECORD]) {
  rmSync(join(buildDir, part), { recursive: true, force: true });
}
// The server a build holds imports the shell's packages: a build outside the
// shell's folder links them.
if (relative(SHELL_DIR, buildDir).startsWith("..") && !existsSync(join(buildDir, "node_modules"))) {
  mkdirSync(buildDir, { recursive: true });
  symlinkSync(join(SHELL_DIR, "node_modules"), join(buildDir, "node_modules"), "dir");
}

// As `next build` makes them: the browser's files for production whatever
// NODE_ENV says (a test runner sets `test`; `development` is `npm run dev`'s).
if (process.env.NODE_ENV !== undefined && process.env.NODE_ENV !== "production") {
  console.warn(
    `npm run build: NODE_ENV is "${process.env.NODE_ENV}"; the build is made for production`,
  );
}
process.env.NODE_ENV = "production";

// As `next build` does: the files' variables for the build (next.config, the
// browser's NEXT_PUBLIC_* values), the process's own winning.
Object.assign(process.env, envFromFiles(envFileTexts(site.dir, "production"), process.env));

function run(command: string, args: string[], cwd = SHELL_DIR): void {
  const result = spawnSync(command, args, {
    stdio: "inherit",
    cwd,
    env: { ...process.env, BUILD_DIR: buildDir, ...(site.embedded ? {} : { SITE_DIR: site.dir }) },
  });
  if (result.status !== 0) {
    console.error(`npm run build: ${command} ${args.join(" ")} failed`);
    process.exit(result.status ?? 1);
  }
}

const bin = (name: string) => join(SHELL_DIR, "node_modules", ".bin", name);
// From the site's folder, as `next build` runs: tools that start from the
// working folder (Tailwind looks for class names there) find the site's files.
run(bin("react-router"), ["build", SHELL_DIR], site.dir);
// Next.js's older `static/` folder at the site's root, served at /static/ as
// `next start` still serves it; a file of public/static/ of the same name wins.
if (existsSync(join(site.dir, "static"))) {
  cpSync(join(site.dir, "static"), join(buildDir, "client", "static"), {
    recursive: true,
    force: false,
  });
}
run(process.execPath, [join(import.meta.dirname, "precompress.ts"), join(buildDir, "client")]);
run(bin("tsc"), [
  "-p",
  join(SHELL_DIR, "tsconfig.server.json"),
  "--outDir",
  join(buildDir, "node"),
]);

const { default: settings } = await import("../site.config.ts");
writeSiteRecord(buildDir, site, buildSiteConfig(settings, process.env));
const envDir = join(buildDir, SITE_ENV_FOLDER);
rmSync(envDir, { recursive: true, force: true });
mkdirSync(envDir);
for (const name of envFilesOf("production")) {
  if (existsSync(join(site.dir, name))) copyFileSync(join(site.dir, name), join(envDir, name));
}

// As `next build` prerenders: every page rendered once is rendered by the built
// server; one that fails stops the build, named (server/static-pages/).
run(process.execPath, [join(buildDir, "node/server/static-pages/check.js"), buildDir]);
