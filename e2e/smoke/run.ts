/**
 * Smoke-tests a running deployment, whatever site it serves: the browser
 * suite's `@site` specs, which take the site's URLs from its sitemap (or from
 * --urls FILE: a path a line) and name no page of ours: each URL's contract
 * (canonical and hreflang links, slash variants, build binding, client
 * navigation, the route-load fallback), then health, immutable assets, images,
 * the CSP and the viewport fix, in Chromium, against one URL.
 *
 *   docker run --rm <smoke image> https://site.example [--max-ms 2000] [--insecure] [--urls FILE]
 *   docker run --rm <smoke image> https://example.com/shop     (a site under a base path)
 *   docker compose --profile smoke run --rm smoke
 *
 * --insecure: trust whatever certificate the deployment presents (a self-signed
 * one, as the compose nginx makes): Chromium is told to trust its key for the run,
 * so pages behave as with a real certificate; without it the certificate must be
 * valid for the URL.
 *
 * Writes JUnit XML and Playwright's JSON to RESULTS_DIR (/results: mount a
 * volume to keep them), prints one last line `N passed, M failed` and exits 0
 * only when every test passed and, with --max-ms, when the home page's document
 * and its first contentful paint both came within that many milliseconds. A
 * deployment that does not answer /readyz fails at once, saying so; one that
 * answers but breaks the contract stops at ten failures.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { parseArgs } from "node:util";
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import { chromium } from "@playwright/test";
import { presentedKey, trustedKeyArgs } from "../chromium.ts";

// `smoke parity OLD NEW ...`: an old site against its replacement (parity.ts).
if (process.argv[2] === "parity") {
  const { runParity } = await import("./parity.ts");
  process.exit(await runParity(process.argv.slice(3), process.env.RESULTS_DIR ?? "/results"));
}

const USAGE =
  "usage: smoke <base URL> [--max-ms <milliseconds>] [--insecure] [--urls <file of paths>]";

function fail(message: string): never {
  process.stderr.write(`${message}\n${USAGE}\n`);
  process.exit(2);
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    "max-ms": { type: "string" },
    insecure: { type: "boolean", default: false },
    urls: { type: "string" },
  },
});
const [target] = positionals;
if (!target || positionals.length > 1) fail("one base URL, please");
let base: URL;
try {
  base = new URL(target);
} catch {
  fail(`not a URL: ${target}`);
}
if (base.protocol !== "http:" && base.protocol !== "https:") fail(`not http(s): ${target}`);
const maxMs = values["max-ms"] === undefined ? null : Number(values["max-ms"]);
if (maxMs !== null && !(Number.isInteger(maxMs) && maxMs > 0)) {
  fail(`--max-ms takes a whole number of milliseconds, not ${values["max-ms"]}`);
}
if (values.urls !== undefined) {
  try {
    readFileSync(values.urls);
  } catch (error) {
    fail(`--urls: cannot read ${values.urls}: ${(error as Error).message}`);
  }
}
const origin = base.origin;
// A site under a path of its origin (https://host/shop): its pages and sitemap
// are there; the health probes stay at the origin's root.
const sitePath = base.pathname.replace(/\/+$/, "");
const insecure = values.insecure && base.protocol === "https:";
const resultsDir = process.env.RESULTS_DIR ?? "/results";
mkdirSync(resultsDir, { recursive: true });
const executablePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** The home page's document time and first contentful paint, in one fresh browser. */
async function budget(): Promise<{ documentMs: number; fcpMs: number }> {
  const browser = await chromium.launch({
    executablePath,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--no-first-run",
      "--disable-dev-shm-usage",
      ...trustedKeyArgs(),
    ],
  });
  try {
    const page = await browser.newPage();
    await page.goto(`${origin}${sitePath}/`, { waitUntil: "load", timeout: 30_000 });
    return await page.evaluate(async () => {
      const navigation = performance.getEntriesByType(
        "navigation",
      )[0] as PerformanceNavigationTiming;
      // The paint entry may come a frame after load.
      for (let i = 0; i < 20 && !performance.getEntriesByName("first-contentful-paint")[0]; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const fcp = performance.getEntriesByName("first-contentful-paint")[0];
      return {
        documentMs: Math.round(navigation.responseEnd - navigation.startTime),
        fcpMs: Math.round(fcp?.startTime ?? Number.POSITIVE_INFINITY),
      };
    });
  } finally {
    await browser.close();
  }
}

const startedAt = Date.now();

/** Ends the run at once, with the reason, when the deployment does not even answer /readyz. */
async function preflight(): Promise<void> {
  const readyz = `${origin}/readyz`;
  const problem = await new Promise<string | null>((resolve) => {
    const request = base.protocol === "https:" ? httpsRequest : httpRequest;
    const req = request(readyz, { rejectUnauthorized: !insecure, timeout: 10_000 }, (res) => {
      res.resume();
      resolve(
        res.statusCode === 200 ? null : `${readyz} answered ${res.statusCode} ${res.statusMessage}`,
      );
    });
    req.on("timeout", () => req.destroy(new Error("no answer in 10 s")));
    req.on("error", (error) => resolve(`${readyz} did not answer: ${error.message}`));
    req.end();
  });
  if (problem === null) {
    // Its key, for Chromium (here and in the suite's workers) to trust.
    if (insecure) process.env.E2E_TRUSTED_KEYS = await presentedKey(origin);
    return;
  }
  process.stdout.write(
    `smoke ${origin}: the deployment is not ready, no browser test was run: ${problem}\n` +
      `0 passed, 1 failed\n`,
  );
  process.exit(1);
}
await preflight();

const cli = createRequire(import.meta.url).resolve("@playwright/test/cli");
// A deployment that answers but is broken fails many checks; ten are enough to say so.
const run = spawnSync(process.execPath, [cli, "test", "--max-failures=10"], {
  stdio: "inherit",
  env: {
    ...process.env,
    BASE_URL: origin + sitePath,
    SMOKE_RESULTS: resultsDir,
    ...(values.urls !== undefined && { SMOKE_URLS_FILE: values.urls }),
    CHROMIUM_PATH: executablePath,
  },
});

let passed = 0;
let failed = 0;
let notRun = 0;
try {
  const { stats } = JSON.parse(readFileSync(`${resultsDir}/results.json`, "utf8")) as {
    stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  };
  passed = stats.expected + stats.flaky;
  failed = stats.unexpected;
  notRun = stats.skipped;
} catch {
  failed = 1; // no results at all: the run itself broke
}

let overBudget = false;
if (maxMs !== null) {
  const measured = await budget().catch((error: unknown) => {
    process.stdout.write(`budget: the home page did not load: ${(error as Error).message}\n`);
    return null;
  });
  overBudget = measured === null || measured.documentMs > maxMs || measured.fcpMs > maxMs;
  if (measured) {
    process.stdout.write(
      `budget ${maxMs} ms: home document ${measured.documentMs} ms, first contentful paint ` +
        `${measured.fcpMs} ms${overBudget ? ": OVER BUDGET" : ""}\n`,
    );
  }
}

// Playwright failing with no test failed: it never ran them (a broken spec, no browser).
const broken = run.status !== 0 && failed === 0;
const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
process.stdout.write(
  `smoke ${origin}: ${seconds} s; JUnit XML in ${resultsDir}/junit.xml\n` +
    `${passed} passed, ${failed} failed` +
    `${notRun > 0 ? `, ${notRun} not run (stopped at 10 failures)` : ""}` +
    `${overBudget ? ", over budget" : ""}${broken ? `, the run broke (exit ${run.status})` : ""}\n`,
);
process.exit(failed === 0 && !overBudget && !broken ? 0 : 1);
