import { defineConfig, devices } from "@playwright/test";
import { chromiumArgs, chromiumPath, trustedKeyArgs } from "./e2e/chromium.ts";

/**
 * The browser suite. By default global-setup starts the app image (with the
 * /lab fixtures) and nginx in front of it with testcontainers. With BASE_URL it
 * runs against that deployment instead (the smoke-test mode, e.g. against
 * `docker compose up`): only the `@site` specs, which take their URLs from the
 * site itself (its sitemap, or smoke --urls) and name no example page of ours,
 * so they hold for any site built on the shell.
 */
const smoke = Boolean(process.env.BASE_URL);
/**
 * E2E_SITE=second-site: the contract specs (§1 to §4) again, written in the
 * site's words (e2e/site.ts), against an image of the app built with the second
 * site.config.ts (global-setup.ts). E2E_SITE=base-path: the same specs against
 * this site built with BASE_PATH=/shop, through nginx. `npm test` runs both
 * after the main suite.
 */
const otherSite = process.env.E2E_SITE;
const CONTRACT_SPECS = /\/(routes|slashes|locales|fallbacks|redirects|site-urls)\.spec\.ts$/;

export default defineConfig({
  testDir: "e2e",
  // The differential suite has a config of its own (e2e/differential/playwright.config.ts).
  // The smoke image holds the runner alone: not axe, which the accessibility spec (of the
  // example site's pages, no @site spec) needs.
  testIgnore: smoke ? [/differential\//, /accessibility\.spec\.ts$/] : /differential\//,
  globalSetup: "./e2e/global-setup.ts",
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  outputDir: "test-results/playwright",
  // The smoke image (e2e/smoke/run.ts) asks for JUnit XML and JSON in a folder of its own.
  reporter: process.env.SMOKE_RESULTS
    ? [
        ["list"],
        ["junit", { outputFile: `${process.env.SMOKE_RESULTS}/junit.xml` }],
        ["json", { outputFile: `${process.env.SMOKE_RESULTS}/results.json` }],
      ]
    : [
        ["list"],
        [
          "html",
          {
            open: "never",
            outputFolder: otherSite ? `playwright-report/${otherSite}` : "playwright-report",
          },
        ],
        [
          "json",
          {
            outputFile: otherSite
              ? `test-results/playwright-${otherSite}.json`
              : "test-results/playwright.json",
          },
        ],
      ],
  use: {
    // Chromium trusts a test proxy's (or, with the smoke image's --insecure, a
    // deployment's) certificate by its key (E2E_TRUSTED_KEYS); the requests
    // Playwright makes from Node (the request fixture, route.fetch) cannot take
    // that pin, so they skip the check, then and only then.
    ignoreHTTPSErrors: Boolean(process.env.E2E_TRUSTED_KEYS),
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: chromiumPath,
      // Set by global-setup (or the smoke image's --insecure) before the workers start.
      args: [...chromiumArgs, ...trustedKeyArgs()],
    },
  },
  // A project's grep and grepInvert replace the top-level ones, so each says both.
  projects: otherSite
    ? [
        {
          // "base-path" is asked through nginx, as a sub-path of a larger domain is (fixtures.ts).
          name: otherSite,
          use: { ...devices["Desktop Chrome"] },
          testMatch: CONTRACT_SPECS,
          grepInvert: /@mobile|@proxy/,
        },
      ]
    : [
        {
          name: "direct",
          use: { ...devices["Desktop Chrome"] },
          ...(smoke ? { grep: /@site/ } : {}),
          grepInvert: /@mobile|@proxy/,
        },
        {
          name: "mobile",
          use: { ...devices["Pixel 7"] },
          grep: smoke ? /^(?=.*@mobile)(?=.*@site)/ : /@mobile/,
        },
        // The core specs again, through the nginx of docker-compose.yml, over HTTPS and HTTP/2.
        ...(smoke
          ? []
          : [{ name: "proxy", use: { ...devices["Desktop Chrome"] }, grep: /@core|@proxy/ }]),
      ],
});
