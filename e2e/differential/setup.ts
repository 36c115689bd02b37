/**
 * Builds the site folder with both runtimes, side by side, and serves each once
 * for the whole suite: NEXT_URL and SHELL_URL. The teardown stops both and
 * removes the shell's build.
 */
import { rmSync } from "node:fs";
import { basename, resolve } from "node:path";
import {
  buildWithNext,
  buildWithShell,
  siteCopyOutside,
  startEchoServer,
  siteFolder,
  startNext,
  startShell,
} from "../../tests/next-sites.ts";

export const SITE_DIR = resolve(import.meta.dirname, "../../tests/nextjs-site");
/** The second fixture: a site without i18n, its pages under en/ (plain-site.spec.ts). */
export const PLAIN_SITE_DIR = resolve(import.meta.dirname, "../../tests/nextjs-site-plain");
/**
 * The fourth: a site under a base path, with trailing slashes and a middleware
 * without a matcher (base-path-site.spec.ts).
 */
export const BASE_SITE_DIR = resolve(import.meta.dirname, "../../tests/nextjs-site-base");
/** The fifth: locales by domain, `i18n.domains` (domains-site.spec.ts). */
export const DOMAINS_SITE_DIR = resolve(import.meta.dirname, "../../tests/nextjs-site-domains");
/**
 * The third: a team's repository as create-next-app lays it out (src/pages, a
 * CommonJS next.config.js, .env files, `@/` paths; team-repository.spec.ts),
 * copied outside this project's tree, as a team keeps it.
 */
export const REPO_SITE_DIR = resolve(import.meta.dirname, "../../tests/nextjs-repo");

/**
 * Builds a site folder with both runtimes and serves each: their URLs, and how
 * to stop them. `name`: the Next.js build's folder under bench/nextjs/.sites/,
 * the same at every run (a copy's random name would leave one more each time).
 */
async function serveBoth(dir: string, name = basename(dir)) {
  const nextDir = buildWithNext({ ...siteFolder(dir), name });
  const shellDir = buildWithShell(dir);
  const [next, shell] = await Promise.all([startNext(nextDir), startShell(shellDir)]);
  return {
    next: next.url,
    shell: shell.url,
    shellBuild: shellDir,
    stop: async () => {
      await Promise.all([next.stop(), shell.stop()]);
      rmSync(shellDir, { recursive: true, force: true });
    },
  };
}

export default async function setup() {
  const started = Date.now();
  const main = await serveBoth(SITE_DIR);
  const plain = await serveBoth(PLAIN_SITE_DIR);
  const base = await serveBoth(BASE_SITE_DIR);
  const domains = await serveBoth(DOMAINS_SITE_DIR);
  const repoDir = siteCopyOutside(REPO_SITE_DIR);
  // The team's API, another app its rewrites() lead to: both builds are given its origin.
  const backend = await startEchoServer();
  process.env.BACKEND_ORIGIN = backend.url;
  process.env.NEXT_PUBLIC_BACKEND_ORIGIN = backend.url;
  const repo = await serveBoth(repoDir, basename(REPO_SITE_DIR));
  process.env.NEXT_URL = main.next;
  process.env.REPO_NEXT_URL = repo.next;
  process.env.REPO_SHELL_URL = repo.shell;
  // Its build, which a test serves again with other NEXT_PUBLIC_* values.
  process.env.REPO_SHELL_BUILD = repo.shellBuild;
  process.env.SHELL_URL = main.shell;
  process.env.PLAIN_NEXT_URL = plain.next;
  process.env.PLAIN_SHELL_URL = plain.shell;
  process.env.BASE_NEXT_URL = base.next;
  process.env.BASE_SHELL_URL = base.shell;
  process.env.DOMAINS_NEXT_URL = domains.next;
  process.env.DOMAINS_SHELL_URL = domains.shell;
  console.log(
    `differential: ${SITE_DIR} built by Next.js (${main.next}) and the shell (${main.shell}), ` +
      `${PLAIN_SITE_DIR} by Next.js (${plain.next}) and the shell (${plain.shell}), ` +
      `${BASE_SITE_DIR} by Next.js (${base.next}) and the shell (${base.shell}), ` +
      `${DOMAINS_SITE_DIR} by Next.js (${domains.next}) and the shell (${domains.shell}), ` +
      `${REPO_SITE_DIR} (copied to ${repoDir}) by Next.js (${repo.next}) and the shell (${repo.shell}), ` +
      `in ${Math.round((Date.now() - started) / 1000)} s`,
  );
  return async () => {
    await Promise.all([
      main.stop(),
      plain.stop(),
      base.stop(),
      domains.stop(),
      repo.stop(),
      backend.stop(),
    ]);
    rmSync(repoDir, { recursive: true, force: true });
  };
}
