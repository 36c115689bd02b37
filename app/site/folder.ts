/**
 * The site the shell builds: a folder laid out as a Next.js pages-router
 * repository, read where Next.js reads it, never copied into the shell. Named
 * by `SITE_DIR` for `npm run build` and `npm run dev` (a build remembers its
 * site: site.config.ts); without it, the embedded example (site/), laid out
 * and read as any other.
 *
 *   pages/ or src/pages/         the pages (a root pages/ wins, as in Next.js)
 *   middleware.ts, proxy.ts      beside the pages folder (the root, or src/)
 *   public/                      at the root
 *   next.config.js .cjs .mjs .ts at the root
 *   tsconfig.json, jsconfig.json at the root: `baseUrl` and `paths`
 *   .env, .env.production, ...   at the root (app/site/env.ts)
 *
 * Build-time code only (the route table, the Vite plugin, the build script):
 * the server gets what it needs of the site from the build.
 */
import { existsSync, readdirSync } from "node:fs";
import { isAbsolute, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** Where each part of a site is, as absolute paths. */
export interface SiteFolder {
  /** The site's root. */
  readonly dir: string;
  /** Whether this is the embedded example (site/): the default, when SITE_DIR is unset. */
  readonly embedded: boolean;
  readonly pagesDir: string;
  /** Where the middleware, `instrumentation` and the like sit: the pages folder's parent. */
  readonly sourceDir: string;
  readonly publicDir: string;
  /** The site's next.config file, or null for a site without one. */
  readonly nextConfig: string | null;
}

/** The shell's own folder. */
export const SHELL_DIR = fileURLToPath(new URL("../..", import.meta.url));

/** Next.js's names for its config, in the order it looks for them. */
export const NEXT_CONFIG_FILES = [
  "next.config.js",
  "next.config.mjs",
  "next.config.cjs",
  "next.config.ts",
  "next.config.mts",
] as const;

/** The embedded example's folder: the site served when SITE_DIR is unset. */
export const EMBEDDED_SITE_DIR = join(SHELL_DIR, "site");

/**
 * The embedded example (site/), a pages-router site like any other. Written
 * out, not looked for: the e2e runner's image holds its config, not its pages.
 */
export const EMBEDDED_SITE: SiteFolder = {
  dir: EMBEDDED_SITE_DIR,
  embedded: true,
  pagesDir: join(EMBEDDED_SITE_DIR, "pages"),
  sourceDir: EMBEDDED_SITE_DIR,
  publicDir: join(EMBEDDED_SITE_DIR, "public"),
  nextConfig: join(EMBEDDED_SITE_DIR, "next.config.mjs"),
};

/** A problem with the folder SITE_DIR names, said the way a person can act on. */
export class SiteFolderError extends Error {
  override name = "SiteFolderError";
}

/**
 * The parts of the site in `dir`, by what exists there (`exists`, a path
 * relative to `dir`). Throws when it is no pages-router site.
 */
export function siteFolderOf(dir: string, exists: (path: string) => boolean): SiteFolder {
  const source = exists("pages") ? "" : exists(join("src", "pages")) ? "src" : null;
  if (source === null) {
    throw new SiteFolderError(
      `SITE_DIR=${dir} has no pages/ or src/pages/ folder: point it at a Next.js pages-router site`,
    );
  }
  const configs = NEXT_CONFIG_FILES.filter((name) => exists(name));
  if (configs.length > 1) {
    throw new SiteFolderError(
      `${dir} has ${configs.join(" and ")}: Next.js reads one config; remove the others`,
    );
  }
  return {
    dir,
    embedded: false,
    pagesDir: join(dir, source, "pages"),
    sourceDir: join(dir, source),
    publicDir: join(dir, "public"),
    nextConfig: configs[0] === undefined ? null : join(dir, configs[0]),
  };
}

/**
 * The site `SITE_DIR` names (relative to the working folder), or the embedded
 * example when it is unset or empty.
 */
export function siteFolderFromEnv(env: Readonly<Record<string, string | undefined>>): SiteFolder {
  const named = env.SITE_DIR;
  if (!named) return EMBEDDED_SITE;
  const dir = isAbsolute(named) ? named : resolve(named);
  if (!existsSync(dir)) throw new SiteFolderError(`SITE_DIR=${named}: no such folder`);
  return siteFolderOf(dir, (path) => existsSync(join(dir, path)));
}

let current: SiteFolder | undefined;

/** The site this process builds or serves from source (SITE_DIR, read once). */
export function currentSite(): SiteFolder {
  current ??= siteFolderFromEnv(process.env);
  return current;
}

/** What a site may have installed that is the shell's own: one copy each, the shell's. */
const SHELL_OWNED = /^(react|react-dom|scheduler|next|styled-jsx|@next\/.*|@types\/.*)$/;

/**
 * The packages installed in the site's own node_modules (`npm ci` in its
 * folder), by name, but those the shell owns (React, `next`): the server's code
 * bundles them, as Next.js bundles a page's dependencies, so a build runs
 * without the site's folder.
 */
export function sitePackagesOf(site: SiteFolder): string[] {
  const modules = join(site.dir, "node_modules");
  if (!existsSync(modules)) return [];
  return readdirSync(modules, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() || entry.isSymbolicLink())
    .flatMap((entry) =>
      entry.name.startsWith("@")
        ? readdirSync(join(modules, entry.name)).map((name) => `${entry.name}/${name}`)
        : entry.name.startsWith(".")
          ? []
          : [entry.name],
    )
    .filter((name) => !SHELL_OWNED.test(name));
}
