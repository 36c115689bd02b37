/**
 * The observations the differential suite makes of each runtime, the same way
 * for both, and how two are compared: equal, once the allow-list's differences
 * are set aside (allow-list.ts).
 */
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { expect, type Browser, type Page } from "@playwright/test";
import { allowedDifference } from "./allow-list.ts";

export const RUNTIMES = ["next", "shell"] as const;
export type Runtime = (typeof RUNTIMES)[number];

/**
 * Which fixture site: tests/nextjs-site, tests/nextjs-site-plain (no i18n),
 * tests/nextjs-site-base (a base path), tests/nextjs-site-domains (locales
 * by domain), or tests/nextjs-repo.
 */
export type Site = "main" | "plain" | "base" | "domains" | "repo";

const URL_PREFIX: Record<Site, string> = {
  main: "",
  plain: "PLAIN_",
  base: "BASE_",
  domains: "DOMAINS_",
  repo: "REPO_",
};

export function baseOf(runtime: Runtime, site: Site = "main"): string {
  const prefix = URL_PREFIX[site];
  const url = process.env[`${prefix}${runtime === "next" ? "NEXT" : "SHELL"}_URL`];
  if (!url) throw new Error("NEXT_URL and SHELL_URL are set by setup.ts: run through its config");
  return url;
}

/** A browser's user agent: the document a visitor gets (a crawler may get another). */
export const BROWSER_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36";

/** Objects with their keys in order: the order of a query's keys is not compared. */
export function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, inner]) => [key, sortedKeys(inner)]),
  );
}

/** What a request gets, redirects not followed. */
export async function answerOf(
  runtime: Runtime,
  path: string,
  headers: Record<string, string> = {},
  site: Site = "main",
) {
  const response = await fetch(baseOf(runtime, site) + path, {
    redirect: "manual",
    headers: { "user-agent": BROWSER_UA, ...headers },
  });
  const body = await response.text();
  // Next.js sends `{ "notFound": true }` with no content type: read as JSON whatever says so.
  let json: unknown = undefined;
  try {
    json = JSON.parse(body);
  } catch {
    // Not JSON: compared as text.
  }
  return {
    status: response.status,
    location: response.headers.get("location"),
    body,
    json,
    headers: response.headers,
  };
}

/**
 * What a request naming `host` in its Host header gets, redirects not
 * followed: fetch() would name the server's own address instead.
 */
export function answerAtHost(
  runtime: Runtime,
  site: Site,
  host: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<{
  status: number;
  location: string | null;
  headers: IncomingHttpHeaders;
  body: string;
}> {
  const { port } = new URL(baseOf(runtime, site));
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: "127.0.0.1",
        port,
        path,
        headers: { host, "user-agent": BROWSER_UA, ...headers },
      },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (body += chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            location: response.headers.location ?? null,
            headers: response.headers,
            body,
          }),
        );
      },
    );
    request.setTimeout(15_000, () => request.destroy(new Error(`${host}${path}: no answer`)));
    request.on("error", reject);
    request.end();
  });
}

/** A runtime's build id, as its pages carry it. */
export async function buildIdOf(runtime: Runtime): Promise<string> {
  const { body, headers } = await answerOf(runtime, "/about");
  return (
    headers.get("x-build-id") ??
    (
      JSON.parse(/<script id="__NEXT_DATA__"[^>]*>(.*?)<\/script>/s.exec(body)![1]!) as {
        buildId: string;
      }
    ).buildId
  );
}

/** A page for one runtime, its errors recorded. */
export async function openPage(
  browser: Browser,
  runtime: Runtime,
  site: Site = "main",
  /** A host name the suite's Chromium maps to this machine (a locale domain), and the browser's language. */
  at?: { host: string; locale: string },
) {
  const base = new URL(baseOf(runtime, site));
  if (at) base.hostname = at.host;
  const context = await browser.newContext({
    baseURL: base.origin,
    ...(at && { locale: at.locale }),
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  return { page, errors, close: () => context.close() };
}

/** The page once loaded and settled: its text, title, props and router, as JSON where they are. */
export async function shownPage(page: Page) {
  await page.waitForLoadState("networkidle");
  return page.evaluate(() => {
    const json = (selector: string) => {
      const text = document.querySelector(selector)?.textContent;
      return text ? (JSON.parse(text) as unknown) : null;
    };
    return {
      path: location.pathname + location.search + location.hash,
      title: document.title,
      text: (document.querySelector("#__next") as HTMLElement | null)?.innerText ?? null,
      props: json("#props"),
      router: json("#router"),
    };
  });
}

/** Once the page's scripts run (lib/observe.js has set up): a click is then the client's navigation. */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => "__routerEvents" in window);
  await page.waitForTimeout(300);
}

/** The router is there: a click or `router.push` is then the client's. */
export async function routerReady(page: Page) {
  await page.waitForFunction(() => {
    const next = (window as unknown as { next?: { router?: { isReady?: boolean } } }).next;
    return next?.router?.isReady === true;
  });
}

/** The router events a page recorded since it last asked (lib/observe.js in the site). */
export async function routerEvents(page: Page) {
  return page.evaluate(() =>
    (
      (window as unknown as { __routerEvents?: Record<string, unknown>[] }).__routerEvents ?? []
    ).splice(0),
  );
}

/**
 * Expects two runtimes' observations alike, named `name`: the same, after each
 * difference the allow-list names for `name` is set aside on both sides.
 */
export function expectSame(name: string, next: unknown, shell: unknown): void {
  const [a, b] = allowedDifference(name, sortedKeys(next), sortedKeys(shell));
  expect(b, `${name}: the shell's observation (right) against Next.js's (left)`).toEqual(a);
}
