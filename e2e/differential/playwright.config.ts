import { defineConfig } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "../chromium.ts";

/** tests/nextjs-site-domains's `i18n.domains`. */
export const LOCALE_DOMAINS = ["example.com", "example.fr", "example.nl"];

/**
 * The differential suite: one Next.js site folder (tests/nextjs-site/), built
 * and served by `next start` and by the shell (setup.ts, once for every spec),
 * and the same observations made of both: what each page shows and answers,
 * what a click does, what the router tells. A difference fails, unless the
 * allow-list (allow-list.ts) names it, with its reason.
 */
export default defineConfig({
  testDir: ".",
  testMatch: /\.spec\.ts$/,
  globalSetup: "./setup.ts",
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  outputDir: "../../test-results/playwright-differential",
  reporter: [["list"], ["json", { outputFile: "../../test-results/playwright-differential.json" }]],
  use: {
    launchOptions: {
      executablePath: chromiumPath,
      // The locale domains of tests/nextjs-site-domains, on this machine (domains-site.spec.ts).
      args: [
        ...chromiumArgs,
        `--host-resolver-rules=${LOCALE_DOMAINS.map((d) => `MAP ${d} 127.0.0.1`).join(",")}`,
      ],
    },
    trace: "retain-on-failure",
  },
});
