/** How every browser test here launches Chromium: the Playwright suite and the container tests. */
import { existsSync } from "node:fs";

/** Debian's Chromium when present (nothing is downloaded); otherwise Playwright's own. */
export const chromiumPath =
  process.env.CHROMIUM_PATH ?? (existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined);

export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  // A container's /dev/shm is 64 MB by default: too small for Chromium.
  "--disable-dev-shm-usage",
];
