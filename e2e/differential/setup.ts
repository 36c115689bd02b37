/**
 * Builds the site folder with both runtimes, side by side, and serves each once
 * for the whole suite: NEXT_URL and SHELL_URL. The teardown stops both and
 * removes the shell's build.
 */
import { rmSync } from "node:fs";
import { resolve } from "node:path";
import {
  buildWithNext,
  buildWithShell,
  siteFolder,
  startNext,
  startShell,
} from "../../tests/next-sites.ts";

export const SITE_DIR = resolve(import.meta.dirname, "../../tests/nextjs-site");

export default async function setup() {
  const started = Date.now();
  const [nextDir, shellDir] = await Promise.all([
    buildWithNext(siteFolder(SITE_DIR)),
    buildWithShell(SITE_DIR),
  ]);
  const [next, shell] = await Promise.all([startNext(nextDir), startShell(shellDir)]);
  process.env.NEXT_URL = next.url;
  process.env.SHELL_URL = shell.url;
  console.log(
    `differential: ${SITE_DIR} built by Next.js (${next.url}) and the shell (${shell.url}) in ${Math.round((Date.now() - started) / 1000)} s`,
  );
  return async () => {
    await Promise.all([next.stop(), shell.stop()]);
    rmSync(shellDir, { recursive: true, force: true });
  };
}
