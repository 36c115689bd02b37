/**
 * `npm run bench:browser`: what a visitor's browser sees, ours (the production
 * build, build/node/server/main.js) next to the Next.js peer (bench/nextjs,
 * `next start`, gzip on), both started once and measured in one run:
 *   - Lighthouse 13 (installed on first use in bench/browser/, out of the main
 *     app's dependencies), mobile defaults with devtools throttling (150 ms RTT,
 *     1.6 Mbps down, CPU 4x slower), on /, /about and /blog/hello: FCP, LCP,
 *     TBT and the transfer size of scripts; the four category scores of /about;
 *   - click-to-paint of every header link (Playwright's Chromium, the same
 *     throttling applied over CDP): from the click until the first frame painted
 *     with the new page's `<h1>`, after `/` (or `/about`) has loaded and the
 *     network has been quiet for 2.5 s.
 * Each figure is the median of BENCH_BROWSER_RUNS runs (BENCH_BROWSER_CLICK_RUNS
 * for the clicks); every run measures
 * both servers back to back, alternating which goes first, so drift in the
 * machine's speed hits both alike. The table gives ours / Next.js within this
 * run, against the targets of issues 20 and 34 (FCP of /about and /blog/hello <= 0.7,
 * LCP of / <= 0.8, a click to a static page <= 0.8 and to any page <= 1.0).
 *
 * A second section, "through the proxy", puts the compose nginx (docker/proxy/,
 * bench/proxy.ts) in front of ours and measures the same way over HTTP/1.1 (its
 * port 8080) and over HTTPS with HTTP/2 (8443, its self-signed certificate
 * trusted by key), side by side; then nginx's CPU per request over each
 * protocol (issue 21).
 *
 * Both servers are pinned the same way as in the other benchmarks (to
 * BENCH_SERVER_CPU, with taskset); the browsers run unpinned.
 *
 * A third, "trace", clicks each link again in a Chromium performance trace and
 * splits the main thread's work from the click to the paint by kind
 * (bench/click-trace.ts): where a click's time goes, ours beside Next.js's.
 *
 * Environment: BENCH_BROWSER_SECTIONS (`nextjs,trace,proxy`: which sections run),
 * BENCH_BROWSER_RUNS (3), BENCH_BROWSER_CLICK_RUNS (9), BENCH_BROWSER_TRACE_RUNS (5), BENCH_PROXY_REQUESTS
 * (4000), PROXY_IMAGE (nginx:1.27-bookworm); CHROME_PATH, Lighthouse's Chromium, and
 * CHROMIUM_PATH, Playwright's (both default to /usr/bin/chromium, see
 * e2e/chromium.ts). Loopback only; nothing is downloaded but bench/browser's
 * and bench/nextjs's npm packages, on first use.
 */
import { chromium, type Browser, type Page } from "@playwright/test";
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { cpus, loadavg } from "node:os";
import { setTimeout as sleep } from "node:timers/promises";
import { pathToFileURL } from "node:url";
import { chromiumArgs, chromiumPath, trustedKeyArgs } from "../e2e/chromium.ts";
import {
  clickBreakdown,
  KINDS,
  PAINTED_MARK,
  TRACE_CATEGORIES,
  type Breakdown,
  type TraceEvent,
} from "./click-trace.ts";
import { hasTaskset, median, type Running } from "./measure.ts";
import { proxyCpu, startProxy, type Proxy } from "./proxy.ts";
import { SERVER_CPU, prepareNext, startNext, startOurs } from "./servers.ts";

const SECTIONS = (process.env.BENCH_BROWSER_SECTIONS ?? "nextjs,trace,proxy").split(",");
const TRACE_RUNS = Number(process.env.BENCH_BROWSER_TRACE_RUNS ?? 5);
const PROXY_REQUESTS = Number(process.env.BENCH_PROXY_REQUESTS ?? 4000);

const RUNS = Number(process.env.BENCH_BROWSER_RUNS ?? 3);
// A click lasts a few frames: one frame more or less is a third of it, so clicks
// need more samples than Lighthouse's seconds-long loads for a stable median.
const CLICK_RUNS = Number(process.env.BENCH_BROWSER_CLICK_RUNS ?? 9);
const LIGHTHOUSE_DIR = "bench/browser";
const CHROME_PATH = process.env.CHROME_PATH ?? chromiumPath;
const CHROME_FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"];
const LIGHTHOUSE_PAGES = ["/", "/about", "/blog/hello"];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
/** The page whose four category scores are measured (the others: performance only). */
const SCORED_PAGE = "/about";

/** Lighthouse's mobile devtools throttling, applied by hand for the clicks. */
const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: 200_000,
  uploadThroughput: 93_750,
};
const CPU_SLOWDOWN = 4;
/** How long the network must have been quiet after `load` before the click. */
const QUIET_MS = 2500;
/** Bounds: the wait for a quiet network, and for the new page's heading. */
const QUIET_TIMEOUT_MS = 30_000;
const PAINT_TIMEOUT_MS = 30_000;

/**
 * The header's links (app/components/site-header.tsx, and the peer's
 * bench/nextjs/components/Layout.js), each clicked from `/`, or from `/about`
 * for `/` itself.
 */
const LINKS = [
  "/blog/new",
  "/",
  "/about",
  "/blog/hello%20world",
  "/docs/getting-started/install",
  "/shop",
].map((href) => ({ href, from: href === "/" ? "/about" : "/" }));

/** The pages without data of their own: a click there costs only code and rendering (issue 34's targets). */
const STATIC_PAGES = ["/", "/about", "/blog/new"];

interface Server {
  /** `ours` and `Next.js`; `HTTP/1.1` and `HTTP/2` through the proxy. */
  name: string;
  origin: string;
  running: Running;
}

/** The parts of Lighthouse's result (LH.Result) read here. */
interface LighthouseResult {
  lighthouseVersion: string;
  runtimeError?: { code: string; message: string };
  audits: Record<
    string,
    {
      title: string;
      score: number | null;
      numericValue?: number;
      details?: { items?: Record<string, unknown>[] };
    }
  >;
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
}
type Lighthouse = (
  url: string,
  flags: Record<string, unknown>,
) => Promise<{ lhr: LighthouseResult } | undefined>;
type LaunchChrome = (options: {
  chromePath?: string;
  chromeFlags: string[];
}) => Promise<{ port: number; kill(): void }>;

/** Samples per table cell: `server|page|metric`. */
const samples = new Map<string, number[]>();
const add = (key: string, value: number) => samples.set(key, [...(samples.get(key) ?? []), value]);
const medianOf = (key: string) => {
  const values = samples.get(key) ?? [];
  return values.length > 0 ? median(values) : NaN;
};
/** What deserves a look, once each: failed runs, console errors, audits below 100 %. */
const notes = new Set<string>();

/** Lighthouse and chrome-launcher from bench/browser/, installed there on first use. */
async function loadLighthouse(): Promise<{ lighthouse: Lighthouse; launchChrome: LaunchChrome }> {
  if (!existsSync(`${LIGHTHOUSE_DIR}/node_modules/lighthouse`)) {
    console.log("# Lighthouse: npm ci");
    const result = spawnSync("npm", ["ci", "--no-audit", "--no-fund"], {
      cwd: LIGHTHOUSE_DIR,
      stdio: ["ignore", "ignore", "inherit"],
    });
    if (result.status !== 0) throw new Error(`${LIGHTHOUSE_DIR}: npm ci failed`);
  }
  // Resolved from bench/browser/, not from here: the main app does not depend on them.
  const require = createRequire(pathToFileURL(`${LIGHTHOUSE_DIR}/package.json`));
  const load = (name: string) => import(pathToFileURL(require.resolve(name)).href);
  return {
    lighthouse: (await load("lighthouse")).default,
    launchChrome: (await load("chrome-launcher")).launch,
  };
}

/** One Lighthouse run in a Chromium of its own, killed afterwards whatever happens. */
async function lighthouseRun(
  { lighthouse, launchChrome }: Awaited<ReturnType<typeof loadLighthouse>>,
  url: string,
  categories: string[],
  extraFlags: string[] = [],
): Promise<LighthouseResult> {
  const chrome = await launchChrome({
    chromePath: CHROME_PATH,
    chromeFlags: [...CHROME_FLAGS, ...extraFlags],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: categories,
      throttlingMethod: "devtools",
      // A screenshot of the whole page for the report's viewer: no metric reads it.
      disableFullPageScreenshot: true,
    });
    if (!result) throw new Error("Lighthouse returned no result");
    return result.lhr;
  } finally {
    chrome.kill();
  }
}

/** `scored`: the run also took the four category scores (SCORED_PAGE in the Next.js section). */
function recordLighthouse(
  server: Server,
  page: string,
  lhr: LighthouseResult,
  scored = page === SCORED_PAGE,
): void {
  const at = `${server.name}|${page}`;
  if (lhr.runtimeError) {
    notes.add(`${server.name} ${page}: Lighthouse ${lhr.runtimeError.code}, run left out`);
    return;
  }
  const audit = (id: string) => lhr.audits[id]!;
  add(`${at}|fcp`, audit("first-contentful-paint").numericValue!);
  add(`${at}|lcp`, audit("largest-contentful-paint").numericValue!);
  add(`${at}|tbt`, audit("total-blocking-time").numericValue!);
  const scripts = audit("resource-summary").details?.items?.find(
    (item) => item.resourceType === "script",
  );
  add(`${at}|scriptBytes`, Number(scripts?.transferSize ?? 0));
  // Part of best-practices: on the scored page only.
  for (const item of lhr.audits["errors-in-console"]?.details?.items ?? []) {
    const source = (item.sourceLocation as { url?: string } | undefined)?.url ?? "no URL";
    notes.add(`${server.name} ${page}: console: ${String(item.description)} (${source})`);
  }
  if (!scored) return;
  for (const category of CATEGORIES) {
    const { score, auditRefs } = lhr.categories[category]!;
    add(`${at}|${category}`, Math.round((score ?? 0) * 100));
    // Performance's audits are the metrics, in the table already.
    if (category === "performance") continue;
    for (const { id, weight } of auditRefs) {
      const { score: auditScore, title } = audit(id);
      if (weight > 0 && auditScore !== null && auditScore < 1) {
        notes.add(`${server.name} ${page}: ${category}: "${title}" scored ${auditScore}`);
      }
    }
  }
}

/** Window as the click watcher sees it: the function page.exposeFunction adds. */
interface BenchWindow {
  __benchReport(kind: "click" | "paint", at: number): Promise<void>;
}

/**
 * Runs in every document of the page before its own scripts (an init script):
 * reports the click's time, and the time the first frame showing an `<h1>`
 * reading `expected` has been painted. Times are absolute (timeOrigin + a
 * document's clock), so they compare across documents if the click loads a new one.
 *
 * A MutationObserver sees the heading appear (or its text change) as soon as
 * the DOM does; requestAnimationFrame then runs at the start of the frame that
 * renders that DOM, before its style, layout and paint; a message posted from
 * there runs as the next task, when that frame's paint is done: its time is
 * the one reported. (It is the main thread's paint: rasterising and showing the
 * frame follow, alike for both servers.)
 */
function watchForHeading({ expected, mark }: { expected: string; mark: string }): void {
  const report = (kind: "click" | "paint", at: number) =>
    (window as unknown as BenchWindow).__benchReport(kind, performance.timeOrigin + at);
  // The event's own time stamp: when the input happened, however busy the page was.
  addEventListener("click", (event) => report("click", event.timeStamp), { capture: true });
  const observer = new MutationObserver(() => {
    if (document.querySelector("h1")?.textContent !== expected) return;
    observer.disconnect();
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        // For the trace section: where the click's window ends, on the trace's clock.
        performance.mark(mark);
        report("paint", performance.now());
      };
      channel.port2.postMessage(null);
    });
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
}

/** Resolves when no request has been in flight for `QUIET_MS` (or after `QUIET_TIMEOUT_MS`: false). */
function networkQuiet(page: Page): () => Promise<boolean> {
  let inFlight = 0;
  let lastChange = performance.now();
  const change = (by: number) => () => {
    inFlight += by;
    lastChange = performance.now();
  };
  page.on("request", change(+1));
  page.on("requestfinished", change(-1));
  page.on("requestfailed", change(-1));
  return async () => {
    const deadline = performance.now() + QUIET_TIMEOUT_MS;
    while (performance.now() < deadline) {
      if (inFlight <= 0 && performance.now() - lastChange >= QUIET_MS) return true;
      await sleep(50);
    }
    return false;
  };
}

/**
 * One click, in a fresh context (empty cache) with the throttling on:
 * milliseconds to paint; with `trace`, and the main thread's work in a trace of it.
 */
async function clickToPaint(
  browser: Browser,
  server: Server,
  link: (typeof LINKS)[number],
  expected: string,
): Promise<number>;
async function clickToPaint(
  browser: Browser,
  server: Server,
  link: (typeof LINKS)[number],
  expected: string,
  trace: true,
): Promise<{ ms: number; breakdown: Breakdown | null }>;
async function clickToPaint(
  browser: Browser,
  server: Server,
  link: (typeof LINKS)[number],
  expected: string,
  trace = false,
): Promise<number | { ms: number; breakdown: Breakdown | null }> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", NETWORK);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });

    let clickedAt: number | undefined;
    const painted = Promise.withResolvers<number>();
    await page.exposeFunction("__benchReport", (kind: "click" | "paint", at: number) => {
      if (kind === "click") clickedAt = at;
      else if (clickedAt !== undefined) painted.resolve(at - clickedAt);
    });
    await page.addInitScript(watchForHeading, { expected, mark: PAINTED_MARK });
    const quiet = networkQuiet(page);
    await page.goto(server.origin + link.from, { waitUntil: "load" });
    if (!(await quiet()))
      notes.add(`${server.name} ${link.from}: network never quiet, clicked anyway`);
    const events: TraceEvent[] = [];
    if (trace) {
      cdp.on("Tracing.dataCollected", ({ value }) =>
        events.push(...(value as unknown as TraceEvent[])),
      );
      await cdp.send("Tracing.start", {
        categories: TRACE_CATEGORIES,
        transferMode: "ReportEvents",
      });
    }
    let reloaded = false;
    page.once("load", () => (reloaded = true));
    await page.locator("header nav").first().locator(`a[href="${link.href}"]`).click();
    const timer = setTimeout(
      () => painted.reject(new Error(`no "${expected}" heading painted in ${PAINT_TIMEOUT_MS} ms`)),
      PAINT_TIMEOUT_MS,
    );
    const ms = await painted.promise.finally(() => clearTimeout(timer));
    if (reloaded) notes.add(`${server.name} ${link.href}: the click loaded a new document`);
    if (!trace) return ms;
    const complete = new Promise((resolve) => cdp.once("Tracing.tracingComplete", resolve));
    await cdp.send("Tracing.end");
    await complete;
    return { ms, breakdown: clickBreakdown(events) };
  } finally {
    await context.close();
  }
}

/** Each link's destination heading, as each server renders it (no throttling). */
async function expectedHeadings(browser: Browser, server: Server): Promise<Map<string, string>> {
  const page = await browser.newPage();
  const headings = new Map<string, string>();
  for (const { href } of LINKS) {
    await page.goto(server.origin + href);
    headings.set(href, (await page.locator("h1").first().textContent()) ?? "");
  }
  await page.close();
  return headings;
}

const ms = (v: number) => v.toFixed(0);
const kib = (v: number) => (v / 1024).toFixed(1);
const score = (v: number) => v.toFixed(0);

interface Row {
  label: string;
  key: string;
  format: (value: number) => string;
  /** The target's wording, and whether ours met it given both medians. */
  target?: [string, (ours: number, next: number) => boolean];
}

const ratioAtMost = (limit: number): Row["target"] => [
  `ours / Next.js <= ${limit}`,
  (ours, next) => ours / next <= limit,
];
// Nothing is below zero: a zero where Next.js has zero too meets "below".
const below: Row["target"] = ["ours < Next.js", (ours, next) => ours < next || ours === 0];

function rows(): Row[] {
  const list: Row[] = [];
  for (const page of LIGHTHOUSE_PAGES) {
    const fcpTarget = page === "/about" || page === "/blog/hello" ? ratioAtMost(0.7) : undefined;
    list.push(
      { label: `${page} FCP (ms)`, key: `${page}|fcp`, format: ms, target: fcpTarget },
      {
        label: `${page} LCP (ms)`,
        key: `${page}|lcp`,
        format: ms,
        target: page === "/" ? ratioAtMost(0.8) : undefined,
      },
      { label: `${page} TBT (ms)`, key: `${page}|tbt`, format: ms, target: below },
      { label: `${page} scripts (KiB)`, key: `${page}|scriptBytes`, format: kib, target: below },
    );
  }
  for (const category of CATEGORIES) {
    list.push({
      label: `${SCORED_PAGE} ${category}`,
      key: `${SCORED_PAGE}|${category}`,
      format: score,
      target: ["ours 100", (ours) => ours === 100],
    });
  }
  for (const { href, from } of LINKS) {
    list.push({
      label: `click ${from} -> ${href} (ms)`,
      key: `click|${href}`,
      format: ms,
      target: ratioAtMost(STATIC_PAGES.includes(href) ? 0.8 : 1),
    });
  }
  return list;
}

function printTable(header: string): void {
  console.log(`\n${header}\n`);
  console.log("| measure | ours | Next.js | ours / Next.js | target | |");
  console.log("| --- | ---: | ---: | ---: | --- | --- |");
  for (const { label, key, format, target } of rows()) {
    const ours = medianOf(`ours|${key}`);
    const next = medianOf(`Next.js|${key}`);
    const ratio = next > 0 ? (ours / next).toFixed(2) : "-";
    const verdict =
      !target || Number.isNaN(ours) || Number.isNaN(next)
        ? ""
        : target[1](ours, next)
          ? "met"
          : "**missed**";
    const cell = (v: number) => (Number.isNaN(v) ? "n/a" : format(v));
    console.log(
      `| ${label} | ${cell(ours)} | ${cell(next)} | ${ratio} | ${target?.[0] ?? ""} | ${verdict} |`,
    );
  }
}

/** Ours against Next.js: the table of issues 20's and 34's targets. */
async function nextjsSection(
  lighthouseApi: Awaited<ReturnType<typeof loadLighthouse>>,
  ours: Server,
): Promise<void> {
  prepareNext();
  const started = new Date();
  const load = loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");
  const next = await startNext();
  const servers: Server[] = [
    ours,
    { name: "Next.js", origin: `http://127.0.0.1:${next.port}`, running: next },
  ];
  /** Both servers, the first going first on even runs. */
  const inTurn = (run: number) => (run % 2 === 0 ? servers : [...servers].reverse());
  let lighthouseVersion = "";
  let chromiumVersion = "";
  try {
    // Warm-up: JIT, and what each server renders once, before anything is timed.
    for (const server of servers) {
      for (const path of [...LIGHTHOUSE_PAGES, ...LINKS.map((l) => l.href)]) {
        for (let i = 0; i < 3; i++) await (await fetch(server.origin + path)).arrayBuffer();
      }
      // And the home page's photo, in the variant Lighthouse's phone asks for: an
      // unmeasured run, so no measured LCP includes a cold image optimizer.
      console.log(`# warm-up: Lighthouse ${server.name} /`);
      await lighthouseRun(lighthouseApi, server.origin + "/", ["performance"]);
    }

    for (let run = 0; run < RUNS; run++) {
      for (const page of LIGHTHOUSE_PAGES) {
        for (const server of inTurn(run)) {
          console.log(`# run ${run + 1}/${RUNS}: Lighthouse ${server.name} ${page}`);
          const categories = page === SCORED_PAGE ? CATEGORIES : ["performance"];
          const lhr = await lighthouseRun(lighthouseApi, server.origin + page, categories);
          lighthouseVersion = lhr.lighthouseVersion;
          recordLighthouse(server, page, lhr);
        }
      }
    }

    const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
    try {
      chromiumVersion = browser.version();
      await clicks(browser, servers, LINKS, inTurn);
    } finally {
      await browser.close();
    }
  } finally {
    await next.stop();
  }

  const nextVersion = JSON.parse(
    readFileSync("bench/nextjs/node_modules/next/package.json", "utf8"),
  ).version;
  printTable(
    `### Browser bench, ${started.toISOString().slice(0, 10)}\n\n` +
      `Medians of ${RUNS} runs (clicks: ${CLICK_RUNS}), ${started.toISOString()}; ` +
      `ours vs Next.js ${nextVersion} ` +
      `(pages router, gzip). Lighthouse ${lighthouseVersion}, mobile, devtools throttling ` +
      `(150 ms RTT, 1.6 Mbps, CPU 4x); clicks in Chromium ${chromiumVersion}, same throttling. ` +
      `${cpus().length} cores, load average ${load} at the start; servers ` +
      (hasTaskset ? `both pinned to CPU ${SERVER_CPU}.` : "not pinned."),
  );
}

/** Every link's click-to-paint on every server, CLICK_RUNS times, in turn. */
async function clicks(
  browser: Browser,
  servers: Server[],
  links: typeof LINKS,
  inTurn: (run: number) => Server[],
): Promise<void> {
  const headings = new Map<Server, Map<string, string>>();
  for (const server of servers) headings.set(server, await expectedHeadings(browser, server));
  for (let run = 0; run < CLICK_RUNS; run++) {
    for (const link of links) {
      for (const server of inTurn(run)) {
        console.log(
          `# run ${run + 1}/${CLICK_RUNS}: click ${server.name} ${link.from} -> ${link.href}`,
        );
        const expected = headings.get(server)!.get(link.href)!;
        add(
          `${server.name}|click|${link.href}`,
          await clickToPaint(browser, server, link, expected),
        );
      }
    }
  }
}

/**
 * Each header link's click again, in a Chromium performance trace (4x CPU, the
 * same throttling), ours and Next.js in turn: the main thread's work from the
 * click to the painted heading, by kind (bench/click-trace.ts). The clicks
 * above say how long; this says where the time goes.
 */
async function traceSection(ours: Server): Promise<void> {
  prepareNext();
  const next = await startNext();
  const servers: Server[] = [
    ours,
    { name: "Next.js", origin: `http://127.0.0.1:${next.port}`, running: next },
  ];
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    const headings = new Map<Server, Map<string, string>>();
    for (const server of servers) headings.set(server, await expectedHeadings(browser, server));
    for (let run = 0; run < TRACE_RUNS; run++) {
      for (const link of LINKS) {
        for (const server of run % 2 === 0 ? servers : [...servers].reverse()) {
          console.log(
            `# trace ${run + 1}/${TRACE_RUNS}: ${server.name} ${link.from} -> ${link.href}`,
          );
          const expected = headings.get(server)!.get(link.href)!;
          const { breakdown } = await clickToPaint(browser, server, link, expected, true);
          if (!breakdown) {
            notes.add(
              `${server.name} ${link.href}: a trace without the click or its paint, left out`,
            );
            continue;
          }
          const at = `${server.name}|trace|${link.href}`;
          add(`${at}|wall`, breakdown.wall);
          add(`${at}|busy`, breakdown.busy);
          for (const kind of KINDS) add(`${at}|${kind}`, breakdown.by[kind]);
        }
      }
    }
  } finally {
    await browser.close();
    await next.stop();
  }

  console.log(
    `\n### A click's main thread, from a trace\n\nMedians of ${TRACE_RUNS} traced clicks ` +
      `per link and server, CPU ${CPU_SLOWDOWN}x, in ms: from the click to the painted heading ` +
      `(wall), the main thread's work in it (busy), and that work by kind (self times).\n`,
  );
  console.log(`| click | server | wall | busy | ${KINDS.join(" | ")} | busy, ours / Next.js |`);
  console.log(`| --- | --- | ---: | ---: | ${KINDS.map(() => "---:").join(" | ")} | ---: |`);
  for (const { href, from } of LINKS) {
    for (const server of servers) {
      const at = `${server.name}|trace|${href}`;
      const ratio =
        server === ours
          ? (medianOf(`${at}|busy`) / medianOf(`Next.js|trace|${href}|busy`)).toFixed(2)
          : "";
      const cells = [medianOf(`${at}|wall`), medianOf(`${at}|busy`)]
        .concat(KINDS.map((kind) => medianOf(`${at}|${kind}`)))
        .map((v) => (Number.isNaN(v) ? "n/a" : v.toFixed(1)));
      console.log(`| ${from} -> ${href} | ${server.name} | ${cells.join(" | ")} | ${ratio} |`);
    }
  }
}

/** The pages and links measured through the proxy: a static page, a page per request. */
const PROXY_PAGES = ["/", "/about"];
const PROXY_LINKS = LINKS.filter((l) =>
  ["/blog/new", "/about", "/blog/hello%20world"].includes(l.href),
);

/** The protocol Chromium used for a document of `origin`. */
async function protocolOf(browser: Browser, origin: string): Promise<string> {
  const page = await browser.newPage();
  try {
    await page.goto(`${origin}/about`);
    return await page.evaluate(
      () =>
        (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming)
          .nextHopProtocol,
    );
  } finally {
    await page.close();
  }
}

/** Ours through the compose nginx: HTTP/1.1 against HTTPS with HTTP/2, and nginx's CPU. */
async function proxySection(
  lighthouseApi: Awaited<ReturnType<typeof loadLighthouse>>,
  ours: Server,
): Promise<void> {
  const started = new Date();
  const load = loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");
  let proxy: Proxy;
  try {
    proxy = await startProxy(ours.running.port);
  } catch (error) {
    console.log(`\n### Through the proxy: not run (${(error as Error).message})`);
    return;
  }
  const servers: Server[] = [
    { name: "HTTP/1.1", origin: proxy.httpOrigin, running: ours.running },
    { name: "HTTP/2", origin: proxy.httpsOrigin, running: ours.running },
  ];
  const inTurn = (run: number) => (run % 2 === 0 ? servers : [...servers].reverse());
  const trust = trustedKeyArgs(proxy.key);
  const protocols: string[] = [];
  let cpu: Awaited<ReturnType<typeof proxyCpu>> = [];
  try {
    for (const server of servers) {
      console.log(`# warm-up: Lighthouse ${server.name} /`);
      await lighthouseRun(lighthouseApi, server.origin + "/", ["performance"], trust);
    }
    for (let run = 0; run < RUNS; run++) {
      for (const page of PROXY_PAGES) {
        for (const server of inTurn(run)) {
          console.log(`# run ${run + 1}/${RUNS}: Lighthouse ${server.name} ${page}`);
          recordLighthouse(
            server,
            page,
            await lighthouseRun(lighthouseApi, server.origin + page, ["performance"], trust),
            false,
          );
        }
      }
    }
    const browser = await chromium.launch({
      executablePath: chromiumPath,
      args: [...chromiumArgs, ...trust],
    });
    try {
      for (const server of servers) protocols.push(await protocolOf(browser, server.origin));
      await clicks(browser, servers, PROXY_LINKS, inTurn);
    } finally {
      await browser.close();
    }
    console.log(`# proxy CPU: ${PROXY_REQUESTS} requests of /about each way`);
    cpu = await proxyCpu(proxy, ours.running.pid, "/about", { requests: PROXY_REQUESTS });
  } finally {
    proxy.stop();
  }

  console.log(
    `\n### Through the proxy, ${started.toISOString().slice(0, 10)}\n\n` +
      `Ours behind the compose nginx (${process.env.PROXY_IMAGE ?? "nginx:1.27-bookworm"}) on ` +
      `loopback, ${started.toISOString()}: HTTP/1.1 on its port 8080 (Chromium used ` +
      `${protocols[0]}) against HTTPS on 8443 (${protocols[1]}; TLS 1.3, the self-signed ` +
      `certificate trusted by key). Medians of ${RUNS} runs (clicks: ${CLICK_RUNS}), same ` +
      `throttling as above; load average ${load} at the start; nginx and the app ` +
      (hasTaskset ? `pinned to CPU ${SERVER_CPU}.` : "not pinned.") +
      `\n`,
  );
  console.log("| measure | HTTP/1.1 | HTTP/2 | HTTP/2 / HTTP/1.1 |");
  console.log("| --- | ---: | ---: | ---: |");
  const keys: [string, string][] = [
    ...PROXY_PAGES.flatMap((page): [string, string][] => [
      [`${page} FCP (ms)`, `${page}|fcp`],
      [`${page} LCP (ms)`, `${page}|lcp`],
    ]),
    ...PROXY_LINKS.map(({ from, href }): [string, string] => [
      `click ${from} -> ${href} (ms)`,
      `click|${href}`,
    ]),
  ];
  for (const [label, key] of keys) {
    const h1 = medianOf(`HTTP/1.1|${key}`);
    const h2 = medianOf(`HTTP/2|${key}`);
    console.log(`| ${label} | ${ms(h1)} | ${ms(h2)} | ${(h2 / h1).toFixed(2)} |`);
  }
  console.log(
    `\nnginx's CPU per request of /about (a page rendered once, ~brotli), ${PROXY_REQUESTS} ` +
      `requests each way (a quarter with a new connection each), 8 at a time, from this process:\n`,
  );
  console.log("| way | nginx CPU µs / request | app CPU µs / request | req/s | failed |");
  console.log("| --- | ---: | ---: | ---: | ---: |");
  for (const way of cpu) {
    console.log(
      `| ${way.label} | ${way.proxyUsPerRequest.toFixed(0)} | ${way.appUsPerRequest.toFixed(0)} | ` +
        `${(way.requests / way.seconds).toFixed(0)} | ${way.failed} |`,
    );
  }
}

async function main() {
  if (!existsSync("build/node/server/main.js")) throw new Error("no build: run `npm run build`");
  const lighthouseApi = await loadLighthouse();
  const running = await startOurs();
  const ours: Server = { name: "ours", origin: `http://127.0.0.1:${running.port}`, running };
  try {
    if (SECTIONS.includes("nextjs")) await nextjsSection(lighthouseApi, ours);
    if (SECTIONS.includes("trace")) await traceSection(ours);
    if (SECTIONS.includes("proxy")) await proxySection(lighthouseApi, ours);
  } finally {
    await running.stop();
  }

  console.log("\nSamples (ms; bytes for scripts; scores)\n");
  for (const [key, values] of samples)
    console.log(`- ${key}: ${values.map((v) => v.toFixed(0)).join(", ")}`);
  if (notes.size > 0) {
    console.log("\nNotes\n");
    for (const note of notes) console.log(`- ${note}`);
  }
}

await main();
