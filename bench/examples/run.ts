/**
 * `node bench/examples/run.ts [folder]`: do Next.js's own pages-router examples
 * run unchanged on the shell as under `next start`? (issue 54)
 *
 * For each site folder under `folder` (default /work/examples-cache; a site is a
 * folder with `pages/` or `src/pages/`), as it is, nothing of it changed:
 *
 * 1. builds it with Next.js (`next build`, bench/nextjs's Next.js) and with the
 *    shell (`SITE_DIR=<site> BUILD_DIR=<tmp> npm run build`), then starts both
 *    (tests/next-sites.ts); a build or start that fails is recorded with the
 *    first lines of its error;
 * 2. HTTP: `/`, then every same-origin `<a href>` found in either runtime's HTML
 *    (and every same-origin redirect target), breadth first, up to
 *    EXAMPLES_MAX_URLS (40); the paths of the files under pages/api (a dynamic
 *    segment filled with `1`); one unknown path. `redirect: "manual"`. Compared
 *    per URL: status, Location, the content type's main type, and for HTML the
 *    <title> and the visible text of <body> (scripts, styles and tags removed,
 *    entities decoded, whitespace collapsed), for JSON the parsed body, for other
 *    types the body's bytes;
 * 3. clicks, in Chromium: `/` on each runtime, then for each same-origin link of
 *    the home page (up to EXAMPLES_MAX_CLICKS, 10; the links of both runtimes'
 *    home pages, by their `href`): click it, let the navigation settle, record the
 *    final path and the body's innerText; back to `/` before the next. Console
 *    errors and uncaught page errors are collected on both sides;
 * 4. prints a markdown table (example | commit | builds unchanged (next / shell) |
 *    HTTP equal/compared | clicks equal/compared | notes) and writes the details
 *    to <folder>/report.md.
 *
 * Not compared, only noted: a differing Cache-Control, and whether a click was a
 * client-side transition or a document load. ISO-8601 timestamps in a text are
 * masked on both sides (a getServerSideProps page's `new Date()`).
 *
 * Environment: EXAMPLES (comma-separated names: only those), EXAMPLES_MAX_URLS
 * (40), EXAMPLES_MAX_CLICKS (10), EXAMPLES_KEEP (1: keep the builds). Loopback
 * only; every server started is stopped and every build folder removed.
 */
import { chromium, type Browser, type Page } from "@playwright/test";
import { decodeEntities, hrefsOf, sameOriginPath } from "../html-links.ts";
import { createHash } from "node:crypto";
import {
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { isDeepStrictEqual } from "node:util";
import {
  buildWithNext,
  buildWithShell,
  siteFolder,
  startNext,
  startShell,
  type NextSite,
  type SiteServer,
} from "../../tests/next-sites.ts";

const FOLDER = resolve(process.argv[2] ?? "/work/examples-cache");
const ONLY = process.env.EXAMPLES?.split(",").filter(Boolean);
const MAX_URLS = Number(process.env.EXAMPLES_MAX_URLS ?? 40);
const MAX_CLICKS = Number(process.env.EXAMPLES_MAX_CLICKS ?? 10);
const KEEP = process.env.EXAMPLES_KEEP === "1";
const UNKNOWN_PATH = "/no-such-page-xyz";
const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
];

type Side = "next" | "shell";

/** One URL as one runtime answered it. */
interface Observation {
  status: number | string;
  location: string | null;
  type: string;
  title?: string;
  text?: string;
  json?: unknown;
  bytes?: string;
  cacheControl: string | null;
}

interface UrlResult {
  path: string;
  next: Observation;
  shell: Observation;
  equal: boolean;
  fields: string[];
}

/** One click as one runtime did it. */
interface Click {
  path: string;
  text: string;
  kind: "client" | "document" | "none";
  /** The text of the page's live regions (Next.js's route announcer), not counted. */
  announced?: string;
  /** The computed styles of its elements (styleSignature), not counted. */
  styles?: string[];
  error?: string;
}

interface ClickResult {
  href: string;
  next: Click;
  shell: Click;
  equal: boolean;
}

interface Build {
  ok: boolean;
  error?: string;
  seconds: number;
}

interface ExampleResult {
  name: string;
  commit: string;
  builds: Record<Side, Build>;
  starts: Partial<Record<Side, string>>;
  siteChanged: string[];
  urls: UrlResult[];
  clicks: ClickResult[];
  consoleErrors: Record<Side, string[]>;
  notes: string[];
  /** Next.js built it only with `typescript.ignoreBuildErrors`. */
  typeCheckSkipped?: boolean;
}

// ---------------------------------------------------------------------------
// Text helpers

const collapse = (text: string) => text.replace(/\s+/g, " ").trim();
/** A timestamp differs on every render: masked on both sides. */
const maskTimes = (text: string) =>
  text.replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})?/g, "<time>");

/** The visible text of an HTML document's body: scripts, styles, templates and tags removed. */
function visibleText(html: string): string {
  const body = /<body[^>]*>([\s\S]*)<\/body>/i.exec(html)?.[1] ?? html;
  const stripped = body
    .replace(/<!--[\s\S]*?-->/g, " ")
    .replace(/<(script|style|noscript|template)\b[^>]*>[\s\S]*?<\/\1>/gi, " ")
    .replace(/<[^>]+>/g, " ");
  return maskTimes(collapse(decodeEntities(stripped)));
}

const titleOf = (html: string) => {
  const match = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html);
  return match ? collapse(decodeEntities(match[1]!.replace(/<!--[\s\S]*?-->/g, ""))) : "";
};

/** The first lines of a failure that say what failed. */
function firstLines(error: unknown, count = 8): string {
  const text = error instanceof Error ? error.message : String(error);
  const lines = text
    .split("\n")
    .map((line) => line.replace(/\x1b\[[0-9;]*m/g, "").trimEnd())
    .filter((line) => line.trim());
  const telling = lines.filter((line) =>
    /error|failed|cannot|can't|could not|not found|unsupported|refus|not yet|invalid|unknown|✗|×/i.test(
      line,
    ),
  );
  const chosen = telling.length ? telling.slice(0, count) : lines.slice(-count);
  return chosen.map((line) => (line.length > 400 ? `${line.slice(0, 400)}…` : line)).join("\n");
}

const short = (text: string | undefined, max = 300) =>
  text === undefined ? "" : text.length > max ? `${text.slice(0, max)}…` : text;

/** Where two texts first differ, with some context on each side. */
function firstDifference(a: string, b: string): string {
  let at = 0;
  while (at < a.length && at < b.length && a[at] === b[at]) at++;
  const from = Math.max(0, at - 60);
  return `at char ${at}: next «${a.slice(from, at + 120)}» vs shell «${b.slice(from, at + 120)}»`;
}

// ---------------------------------------------------------------------------
// The site's own files

function pagesDir(site: string): string | null {
  for (const dir of ["pages", "src/pages"]) if (existsSync(join(site, dir))) return join(site, dir);
  return null;
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

/** The URL paths of the files under pages/api, a dynamic segment filled with a sample value. */
function apiPaths(site: string): string[] {
  const pages = pagesDir(site);
  if (!pages) return [];
  const paths = new Set<string>();
  for (const file of filesUnder(join(pages, "api"))) {
    if (!/\.(js|jsx|ts|tsx|mjs|cjs)$/.test(file) || /\.d\.ts$/.test(file)) continue;
    const segments = relative(pages, file)
      .replace(/\.[^.]+$/, "")
      .split("/")
      .filter((segment, index, all) => !(segment === "index" && index === all.length - 1))
      .flatMap((segment) => {
        if (/^\[\[\.\.\..+\]\]$/.test(segment)) return [];
        if (/^\[\.\.\..+\]$/.test(segment)) return ["a", "b"];
        if (/^\[.+\]$/.test(segment)) return ["1"];
        return [segment];
      });
    paths.add(`/${segments.join("/")}`);
  }
  return [...paths];
}

/** The site's files and their modification times, to tell whether a build changed the folder. */
function fingerprint(site: string): Map<string, string> {
  const prints = new Map<string, string>();
  for (const file of filesUnder(site)) {
    if (file.includes("/node_modules/")) continue;
    const stat = statSync(file);
    prints.set(relative(site, file), `${stat.size}:${stat.mtimeMs}`);
  }
  return prints;
}

function changedFiles(before: Map<string, string>, after: Map<string, string>): string[] {
  const changed: string[] = [];
  for (const [file, print] of after) if (before.get(file) !== print) changed.push(file);
  for (const file of before.keys()) if (!after.has(file)) changed.push(`${file} (removed)`);
  return changed;
}

function commitOf(site: string): string {
  const file = join(site, ".commit");
  if (!existsSync(file)) return "?";
  const commits = [...new Set(readFileSync(file, "utf8").match(/\b[0-9a-f]{40}\b/g) ?? [])];
  if (!commits.length) return "?";
  return commits.length === 1
    ? commits[0]!.slice(0, 7)
    : `${commits[0]!.slice(0, 7)} +${commits.length - 1}`;
}

// ---------------------------------------------------------------------------
// HTTP

async function observe(
  origin: string,
  path: string,
): Promise<{ observation: Observation; html?: string }> {
  let response: Response;
  try {
    response = await fetch(origin + path, {
      redirect: "manual",
      signal: AbortSignal.timeout(20_000),
      headers: { "user-agent": "examples-bench" },
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    return {
      observation: {
        status: `ERR ${cause ?? (error as Error).name}`,
        location: null,
        type: "",
        cacheControl: null,
      },
    };
  }
  const location = response.headers.get("location");
  const type = (response.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  const observation: Observation = {
    status: response.status,
    location:
      location && location.startsWith(origin) ? location.slice(origin.length) || "/" : location,
    type,
    cacheControl: response.headers.get("cache-control"),
  };
  const body = Buffer.from(await response.arrayBuffer().catch(() => new ArrayBuffer(0)));
  if (type === "text/html") {
    const html = body.toString("utf8");
    observation.title = titleOf(html);
    observation.text = visibleText(html);
    return { observation, html };
  }
  if (type.endsWith("json")) {
    try {
      observation.json = JSON.parse(body.toString("utf8"));
    } catch {
      observation.text = maskTimes(collapse(body.toString("utf8")));
    }
  } else if (type.startsWith("text/")) {
    observation.text = maskTimes(collapse(body.toString("utf8")));
  } else {
    observation.bytes = `${body.length} B sha1 ${createHash("sha1").update(body).digest("hex").slice(0, 12)}`;
  }
  return { observation };
}

function differingFields(a: Observation, b: Observation): string[] {
  const fields: string[] = [];
  if (a.status !== b.status) fields.push("status");
  if (a.location !== b.location) fields.push("location");
  if (a.type !== b.type) fields.push("type");
  if (a.title !== b.title) fields.push("title");
  if (a.text !== b.text) fields.push("text");
  if (!isDeepStrictEqual(a.json, b.json)) fields.push("json");
  if (a.bytes !== b.bytes) fields.push("bytes");
  return fields;
}

async function compareHttp(site: string, servers: Record<Side, SiteServer>): Promise<UrlResult[]> {
  const results: UrlResult[] = [];
  const seen = new Set<string>();
  const queue: string[] = ["/"];
  const crawled = new Set<string>();
  const enqueue = (path: string | null) => {
    if (path && !seen.has(path) && seen.size < MAX_URLS) {
      seen.add(path);
      queue.push(path);
    }
  };
  seen.add("/");
  const extra = [...apiPaths(site), UNKNOWN_PATH];
  // Breadth first from `/`, then the API routes and the unknown path.
  for (let steps = 0; queue.length && steps < MAX_URLS + extra.length + 5; steps++) {
    const path = queue.shift()!;
    if (crawled.has(path)) continue;
    crawled.add(path);
    const [next, shell] = await Promise.all([
      observe(servers.next.url, path),
      observe(servers.shell.url, path),
    ]);
    for (const [side, seenBy] of [
      ["next", next],
      ["shell", shell],
    ] as const) {
      const origin = servers[side].url;
      if (seenBy.html)
        for (const href of hrefsOf(seenBy.html)) enqueue(sameOriginPath(href, origin + path));
      if (seenBy.observation.location)
        enqueue(sameOriginPath(seenBy.observation.location, origin + path));
    }
    const fields = differingFields(next.observation, shell.observation);
    results.push({
      path,
      next: next.observation,
      shell: shell.observation,
      equal: !fields.length,
      fields,
    });
    if (!queue.length && extra.length) {
      for (const path of extra.splice(0)) if (!crawled.has(path)) queue.push(path);
    }
  }
  return results;
}

// ---------------------------------------------------------------------------
// Clicks

async function settle(page: Page) {
  await page.waitForLoadState("load", { timeout: 10_000 }).catch(() => {});
  await page.waitForLoadState("networkidle", { timeout: 5_000 }).catch(() => {});
  await page.waitForTimeout(300);
}

/**
 * The computed style of the page's elements, in document order (up to 400): a few properties
 * that CSS modules, global CSS and styled-jsx set, and `::after`'s content. Class names are
 * left out (each runtime names its own).
 */
async function styleSignature(page: Page): Promise<string[]> {
  return page
    .evaluate(() => {
      const props = [
        "display",
        "color",
        "background-color",
        "font-family",
        "font-size",
        "font-weight",
        "text-align",
        "text-decoration-line",
        "margin-top",
        "margin-left",
        "padding-top",
        "padding-left",
        "border-top-width",
      ];
      const skip = new Set(["SCRIPT", "STYLE", "LINK", "META", "NOSCRIPT", "TEMPLATE"]);
      return [...document.body.querySelectorAll("*")]
        .filter(
          (element) =>
            !skip.has(element.tagName) && !element.closest("next-route-announcer, [aria-live]"),
        )
        .slice(0, 400)
        .map((element) => {
          const style = getComputedStyle(element);
          const after = getComputedStyle(element, "::after").content;
          const values = props.map((prop) => `${prop}:${style.getPropertyValue(prop)}`);
          if (after && after !== "none" && after !== "normal") values.push(`::after:${after}`);
          return `${element.tagName.toLowerCase()} ${values.join(";")}`;
        });
    })
    .catch(() => [] as string[]);
}

/** How two style signatures differ: null if they do not. */
function styleDifference(next: string[], shell: string[]): string | null {
  if (next.length !== shell.length) return `${next.length} vs ${shell.length} elements`;
  const differing = next.flatMap((line, index) => (line === shell[index] ? [] : [index]));
  if (!differing.length) return null;
  const index = differing[0]!;
  const a = next[index]!.split(";");
  const b = shell[index]!.split(";");
  const props = a.flatMap((part, at) =>
    part === b[at] ? [] : [`${part} vs ${b[at] ?? "(none)"}`],
  );
  return `${differing.length} of ${next.length} elements, first <${next[index]!.split(" ")[0]}> #${index}: ${props.slice(0, 3).join(", ")}`;
}

async function homeHrefs(page: Page, origin: string): Promise<string[]> {
  await page.goto(`${origin}/`, { timeout: 20_000 }).catch(() => {});
  await settle(page);
  const hrefs = await page
    .$$eval("a[href]", (links) => links.map((link) => link.getAttribute("href") ?? ""))
    .catch(() => [] as string[]);
  return hrefs.filter((href) => sameOriginPath(href, `${origin}/`) !== null);
}

async function clickOne(page: Page, origin: string, href: string): Promise<Click> {
  const url = new URL(page.url());
  if (url.origin !== origin || url.pathname !== "/") {
    await page.goto(`${origin}/`, { timeout: 20_000 }).catch(() => {});
    await settle(page);
  }
  const link = page.locator(`a[href="${href.replace(/["\\]/g, "\\$&")}"]`).first();
  if (!(await link.count()))
    return { path: "", text: "", kind: "none", error: "no such link on /" };
  await page.evaluate(() => ((window as unknown as { __examplesMark: number }).__examplesMark = 1));
  try {
    await link.click({ timeout: 10_000 });
  } catch (error) {
    return { path: "", text: "", kind: "none", error: `click failed: ${firstLines(error, 1)}` };
  }
  await page
    .waitForURL((current) => current.pathname + current.search !== "/", { timeout: 5_000 })
    .catch(() => {});
  await settle(page);
  const marked = await page
    .evaluate(() => (window as unknown as { __examplesMark?: number }).__examplesMark === 1)
    .catch(() => false);
  const final = new URL(page.url());
  // Next.js's route announcer (a visually hidden live region announcing the new page) is
  // set apart: its text is not the page's; whether each side announces is noted instead.
  const { text, announced } = await page
    .evaluate(() => {
      const regions = [
        ...document.querySelectorAll<HTMLElement>("next-route-announcer, [aria-live]"),
      ];
      const announced = regions
        .map((region) => (region.shadowRoot?.textContent ?? "") + (region.textContent ?? ""))
        .join(" ")
        .trim();
      const displays = regions.map((region) => region.style.display);
      regions.forEach((region) => (region.style.display = "none"));
      const text = document.body?.innerText ?? "";
      regions.forEach((region, index) => (region.style.display = displays[index]!));
      return { text, announced };
    })
    .catch(() => ({ text: "", announced: "" }));
  return {
    path: final.origin === origin ? final.pathname + final.search : final.href,
    text: maskTimes(collapse(text)),
    kind: marked ? "client" : "document",
    announced: collapse(announced),
    styles: await styleSignature(page),
  };
}

async function compareClicks(
  browser: Browser,
  servers: Record<Side, SiteServer>,
  consoleErrors: Record<Side, string[]>,
  styleNotes: string[],
  styleCount: { pages: number; elements: number },
): Promise<ClickResult[]> {
  const pages = {} as Record<Side, Page>;
  for (const side of ["next", "shell"] as const) {
    const context = await browser.newContext();
    const page = await context.newPage();
    page.on("console", (message) => {
      if (message.type() === "error") {
        const source = message.location().url.replace(servers[side].url, "");
        consoleErrors[side].push(
          `${page.url().replace(servers[side].url, "")}: ${short(message.text(), 300)}${source ? ` [${source}]` : ""}`,
        );
      }
    });
    page.on("pageerror", (error) =>
      consoleErrors[side].push(
        `${page.url().replace(servers[side].url, "")}: uncaught ${short(error.message, 300)}`,
      ),
    );
    pages[side] = page;
  }
  const hrefs: string[] = [];
  const homeStyles = {} as Record<Side, string[]>;
  for (const side of ["next", "shell"] as const) {
    for (const href of await homeHrefs(pages[side], servers[side].url)) {
      if (!hrefs.includes(href)) hrefs.push(href);
    }
    homeStyles[side] = await styleSignature(pages[side]);
  }
  const counted = (next: string[]) => {
    styleCount.pages++;
    styleCount.elements += next.length;
  };
  counted(homeStyles.next);
  const homeDifference = styleDifference(homeStyles.next, homeStyles.shell);
  if (homeDifference) styleNotes.push(`/ (loaded): ${homeDifference}`);
  const results: ClickResult[] = [];
  for (const href of hrefs.slice(0, MAX_CLICKS)) {
    const next = await clickOne(pages.next, servers.next.url, href);
    const shell = await clickOne(pages.shell, servers.shell.url, href);
    results.push({
      href,
      next,
      shell,
      equal: next.path === shell.path && next.text === shell.text && !next.error && !shell.error,
    });
    if (!next.error && !shell.error) counted(next.styles ?? []);
    const difference = styleDifference(next.styles ?? [], shell.styles ?? []);
    if (difference && !next.error && !shell.error)
      styleNotes.push(`${href} (clicked): ${difference}`);
    for (const side of ["next", "shell"] as const) {
      await pages[side].goBack({ timeout: 10_000 }).catch(() => {});
      await settle(pages[side]);
    }
  }
  for (const side of ["next", "shell"] as const) await pages[side].context().close();
  return results;
}

// ---------------------------------------------------------------------------
// One example

/** The site for Next.js with its config wrapped to skip the type check (a file outside the site). */
function withoutTypeCheck(site: string, name: string): NextSite {
  const files = siteFolder(site).files.filter(([to]) => !/^next\.config\.[cm]?[jt]s$/.test(to));
  const config = readdirSync(site).find((file) => /^next\.config\.[cm]?js$/.test(file));
  const dir = mkdtempSync(join(tmpdir(), "examples-next-config-"));
  const wrapper = join(dir, "next.config.mjs");
  writeFileSync(
    wrapper,
    [
      config ? `import site from ${JSON.stringify(join(site, config))};` : "const site = {};",
      "export default async (...args) => {",
      '  const config = typeof site === "function" ? await site(...args) : site;',
      "  return { ...config, typescript: { ...config.typescript, ignoreBuildErrors: true } };",
      "};",
      "",
    ].join("\n"),
  );
  return { name, files: [...files, ["next.config.mjs", wrapper]] };
}

function timed<T>(work: () => T): { value?: T; error?: unknown; seconds: number } {
  const start = performance.now();
  try {
    return { value: work(), seconds: (performance.now() - start) / 1000 };
  } catch (error) {
    return { error, seconds: (performance.now() - start) / 1000 };
  }
}

async function runExample(name: string, browser: Browser): Promise<ExampleResult> {
  const site = join(FOLDER, name);
  const result: ExampleResult = {
    name,
    commit: commitOf(site),
    builds: { next: { ok: false, seconds: 0 }, shell: { ok: false, seconds: 0 } },
    starts: {},
    siteChanged: [],
    urls: [],
    clicks: [],
    consoleErrors: { next: [], shell: [] },
    notes: [],
  };
  const log = (message: string) =>
    console.error(`# ${new Date().toISOString()} ${name}: ${message}`);
  const servers: Partial<Record<Side, SiteServer>> = {};
  let nextDir: string | undefined;
  let shellDir: string | undefined;
  try {
    log("next build");
    // Its own name under bench/nextjs/.sites/, apart from the test suites' sites.
    let next = timed(() => buildWithNext({ ...siteFolder(site), name: `examples-${name}` }));
    result.builds.next = {
      ok: !!next.value,
      seconds: next.seconds,
      error: next.error ? firstLines(next.error) : undefined,
    };
    // An example older than Next.js 16's types fails its type check: built again with
    // `typescript.ignoreBuildErrors` (Next.js only), to compare the runtimes all the same.
    if (next.error && /Failed to type check|Type error/i.test(String(next.error))) {
      log("next build failed its type check: again with typescript.ignoreBuildErrors");
      const variant = withoutTypeCheck(site, `examples-${name}`);
      const retry = timed(() => buildWithNext(variant));
      rmSync(join(variant.files.at(-1)![1], ".."), { recursive: true, force: true });
      if (retry.value) {
        next = retry;
        result.typeCheckSkipped = true;
        result.notes.push(
          "next: built only with typescript.ignoreBuildErrors (its type check fails under Next.js 16 / React 19 types); the comparison is against that build",
        );
      }
    }
    nextDir = next.value;
    log(`shell build (next: ${next.value ? "ok" : "failed"}, ${next.seconds.toFixed(0)} s)`);
    const before = fingerprint(site);
    let shell = timed(() => buildWithShell(site));
    // Another engineer may be editing the shell: one retry before concluding.
    if (shell.error) {
      log("shell build failed, retrying once");
      const retry = timed(() => buildWithShell(site));
      if (retry.value || firstLines(retry.error) !== firstLines(shell.error)) {
        if (retry.value) {
          result.notes.push(
            `shell built on the second try; the first failed with: ${short(firstLines(shell.error, 3).replace(/\n/g, " / "), 300)}`,
          );
        }
        shell = retry;
      }
    }
    shellDir = shell.value;
    result.builds.shell = {
      ok: !!shell.value,
      seconds: shell.seconds,
      error: shell.error ? firstLines(shell.error) : undefined,
    };
    result.siteChanged = changedFiles(before, fingerprint(site));
    log(`shell build ${shell.value ? "ok" : "failed"} (${shell.seconds.toFixed(0)} s)`);

    for (const [side, dir, start] of [
      ["next", nextDir, startNext],
      ["shell", shellDir, startShell],
    ] as const) {
      if (!dir) continue;
      try {
        servers[side] = await start(dir);
      } catch (error) {
        result.starts[side] = firstLines(error);
      }
    }
    if (!servers.next || !servers.shell) return result;
    const both = servers as Record<Side, SiteServer>;
    log("HTTP");
    result.urls = await compareHttp(site, both);
    log("clicks");
    const styleNotes: string[] = [];
    const styleCount = { pages: 0, elements: 0 };
    result.clicks = await compareClicks(
      browser,
      both,
      result.consoleErrors,
      styleNotes,
      styleCount,
    );
    result.notes.push(
      styleNotes.length
        ? `computed styles differ: ${styleNotes.join("; ")}`
        : `computed styles equal on all ${styleCount.pages} page(s) compared in the browser (${styleCount.elements} elements, Next.js's side)`,
    );
    const cacheControl = result.urls.filter(
      (url) => url.next.cacheControl !== url.shell.cacheControl,
    );
    if (cacheControl.length) {
      result.notes.push(
        `Cache-Control differs on ${cacheControl.length} URL(s), e.g. ${cacheControl[0]!.path}: next «${cacheControl[0]!.next.cacheControl}» vs shell «${cacheControl[0]!.shell.cacheControl}»`,
      );
    }
    const announced = result.clicks.filter(
      (click) => (click.next.announced ?? "") !== (click.shell.announced ?? ""),
    );
    if (announced.length) {
      const first = announced[0]!;
      result.notes.push(
        `route announcer (live region) text differs on ${announced.length} click(s), e.g. ${first.href}: next «${short(first.next.announced, 80)}» vs shell «${short(first.shell.announced, 80)}»`,
      );
    }
    const kinds = result.clicks.filter((click) => click.next.kind !== click.shell.kind);
    if (kinds.length) {
      result.notes.push(
        `navigation kind differs on ${kinds.length} click(s): ${kinds.map((click) => `${click.href} next ${click.next.kind} / shell ${click.shell.kind}`).join("; ")}`,
      );
    }
    return result;
  } finally {
    for (const server of Object.values(servers)) await server?.stop().catch(() => {});
    for (const side of ["next", "shell"] as const) {
      const output = servers[side]?.output() ?? "";
      const errors = output
        .split("\n")
        .filter((line) => /error|warn|⨯/i.test(line) && !/"level":30/.test(line));
      if (errors.length)
        result.notes.push(
          `${side} server log: ${errors.length} error/warn line(s), first: ${short(errors[0], 300)}`,
        );
    }
    if (!KEEP) {
      if (nextDir) rmSync(nextDir, { recursive: true, force: true });
      if (shellDir) rmSync(shellDir, { recursive: true, force: true });
    }
  }
}

// ---------------------------------------------------------------------------
// The report

const cell = (text: string) => text.replace(/\|/g, "\\|").replace(/\n/g, " ");

function summaryRow(result: ExampleResult): string {
  const build = (side: Side) =>
    result.builds[side].ok
      ? result.starts[side]
        ? "built, no start"
        : "yes"
      : side === "next" && result.typeCheckSkipped
        ? "no (types)†"
        : "no";
  const httpEqual = result.urls.filter((url) => url.equal).length;
  const clicksEqual = result.clicks.filter((click) => click.equal).length;
  const notes: string[] = [];
  for (const side of ["next", "shell"] as const) {
    if (result.builds[side].error)
      notes.push(`${side} build: ${short(result.builds[side].error!.split("\n")[0], 160)}`);
    if (result.starts[side])
      notes.push(`${side} start: ${short(result.starts[side]!.split("\n")[0], 160)}`);
  }
  const differing = result.urls.filter((url) => !url.equal);
  if (differing.length)
    notes.push(
      `HTTP differs: ${differing.map((url) => `${url.path} (${url.fields.join(",")})`).join(", ")}`,
    );
  const clicks = result.clicks.filter((click) => !click.equal);
  if (clicks.length) notes.push(`clicks differ: ${clicks.map((click) => click.href).join(", ")}`);
  for (const side of ["next", "shell"] as const) {
    if (result.consoleErrors[side].length)
      notes.push(`${side} console errors: ${result.consoleErrors[side].length}`);
  }
  if (result.siteChanged.length)
    notes.push(`site folder changed by the shell build: ${result.siteChanged.join(", ")}`);
  const ran = result.urls.length > 0;
  return `| ${result.name} | ${result.commit} | ${build("next")} / ${build("shell")} | ${ran ? `${httpEqual}/${result.urls.length}` : "–"} | ${ran ? `${clicksEqual}/${result.clicks.length}` : "–"} | ${cell(notes.join("; ")) || "equal"} |`;
}

const FOOTNOTE =
  "† Next.js 16's build fails the example's type check (types older than React 19's, or tsconfig options TypeScript 6 deprecates); it was built again with `typescript.ignoreBuildErrors`, and the runtimes compared on that build.";

const TABLE_HEAD = [
  "| example | commit | builds unchanged (next / shell) | HTTP equal/compared | clicks equal/compared | notes |",
  "| --- | --- | --- | --- | --- | --- |",
];

function describe(observation: Observation): string {
  const parts = [`status ${observation.status}`];
  if (observation.location !== null) parts.push(`location ${observation.location}`);
  parts.push(`type ${observation.type || "(none)"}`);
  if (observation.title !== undefined) parts.push(`title «${observation.title}»`);
  if (observation.text !== undefined) parts.push(`text «${short(observation.text)}»`);
  if (observation.json !== undefined) parts.push(`json ${short(JSON.stringify(observation.json))}`);
  if (observation.bytes !== undefined) parts.push(observation.bytes);
  return parts.join(", ");
}

function details(result: ExampleResult): string {
  const lines = [
    `## ${result.name}`,
    "",
    `commit: ${result.commit} (see ${join(FOLDER, result.name, ".commit")})`,
    "",
  ];
  for (const side of ["next", "shell"] as const) {
    const build = result.builds[side];
    lines.push(`- ${side} build: ${build.ok ? "ok" : "FAILED"} in ${build.seconds.toFixed(0)} s`);
    if (build.error)
      lines.push("", "  ```", ...build.error.split("\n").map((line) => `  ${line}`), "  ```", "");
    if (result.starts[side])
      lines.push(
        `- ${side} start FAILED:`,
        "",
        "  ```",
        ...result.starts[side]!.split("\n").map((line) => `  ${line}`),
        "  ```",
        "",
      );
  }
  if (result.siteChanged.length)
    lines.push(
      `- files of the site folder changed by the shell build: ${result.siteChanged.join(", ")}`,
    );
  if (result.urls.length) {
    lines.push(
      "",
      `### HTTP: ${result.urls.filter((url) => url.equal).length}/${result.urls.length} equal`,
      "",
    );
    for (const url of result.urls) {
      if (url.equal) {
        lines.push(
          `- ${url.path}: equal (${url.next.status}${url.next.location ? ` → ${url.next.location}` : ""})`,
        );
        continue;
      }
      lines.push(`- **${url.path}**: differs in ${url.fields.join(", ")}`);
      lines.push(`  - next: ${describe(url.next)}`);
      lines.push(`  - shell: ${describe(url.shell)}`);
      if (
        url.fields.includes("text") &&
        url.next.text !== undefined &&
        url.shell.text !== undefined
      ) {
        lines.push(`  - ${firstDifference(url.next.text, url.shell.text)}`);
      }
    }
  }
  if (result.clicks.length) {
    lines.push(
      "",
      `### Clicks: ${result.clicks.filter((click) => click.equal).length}/${result.clicks.length} equal`,
      "",
    );
    for (const click of result.clicks) {
      const describeClick = (c: Click) =>
        c.error ? c.error : `${c.path} (${c.kind}) «${short(c.text, 200)}»`;
      if (click.equal) {
        lines.push(
          `- ${click.href}: equal → ${click.next.path} (next ${click.next.kind}, shell ${click.shell.kind})`,
        );
      } else {
        lines.push(
          `- **${click.href}**: differs`,
          `  - next: ${describeClick(click.next)}`,
          `  - shell: ${describeClick(click.shell)}`,
        );
        if (click.next.text !== click.shell.text)
          lines.push(`  - ${firstDifference(click.next.text, click.shell.text)}`);
      }
    }
  }
  for (const side of ["next", "shell"] as const) {
    if (result.consoleErrors[side].length) {
      lines.push(
        "",
        `### Browser console errors (${side})`,
        "",
        ...result.consoleErrors[side].slice(0, 20).map((line) => `- ${cell(line)}`),
      );
    }
  }
  if (result.notes.length)
    lines.push("", "### Notes", "", ...result.notes.map((note) => `- ${note}`));
  return lines.join("\n");
}

// ---------------------------------------------------------------------------

const names = readdirSync(FOLDER, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && pagesDir(join(FOLDER, entry.name)))
  .map((entry) => entry.name)
  .filter((name) => !ONLY || ONLY.includes(name))
  .sort();
if (!names.length) throw new Error(`no site folder (with pages/ or src/pages/) under ${FOLDER}`);

const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS });
const results: ExampleResult[] = [];
const reportFile = resolve(process.env.EXAMPLES_REPORT ?? join(FOLDER, "report.md"));
const writeReport = () =>
  writeFileSync(
    reportFile,
    [
      `# Next.js examples on the shell vs next start`,
      "",
      `${new Date().toISOString()}; ${results.length} example(s) from ${FOLDER}; bench/examples/run.ts`,
      "",
      ...TABLE_HEAD,
      ...results.map(summaryRow),
      "",
      FOOTNOTE,
      "",
      ...results.map(details),
      "",
    ].join("\n"),
  );
try {
  for (const name of names) {
    try {
      results.push(await runExample(name, browser));
    } catch (error) {
      console.error(`# ${name}: the run itself failed: ${firstLines(error)}`);
    }
    writeReport();
  }
} finally {
  await browser.close();
}
console.log([...TABLE_HEAD, ...results.map(summaryRow), "", FOOTNOTE].join("\n"));
console.log(`\nDetails: ${reportFile}`);
