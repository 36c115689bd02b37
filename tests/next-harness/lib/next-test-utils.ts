/**
 * `next-test-utils` as Next.js's test files import it: the helpers a deploy-mode
 * test uses (HTTP, retries, text of a page). Helpers of the development server
 * (the error overlay, file patching) answer as a production server's page
 * does: no overlay.
 */
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { setTimeout as sleep } from "node:timers/promises";
import { freePort } from "../../../server/platform/free-port.ts";

export const waitFor = (ms: number): Promise<void> => sleep(ms);

/** A port, a URL, or a URL with a base path, and a path: the full URL. */
export function getFullUrl(appPortOrUrl: string | number, url: string, hostname = "localhost") {
  const base =
    typeof appPortOrUrl === "string" && /^https?:\/\//.test(appPortOrUrl)
      ? appPortOrUrl
      : `http://${hostname}:${appPortOrUrl}`;
  if (/^https?:\/\//.test(url)) return url;
  return `${base.replace(/\/$/, "")}${url.startsWith("/") ? "" : "/"}${url}`;
}

type Query = Record<string, string | number | boolean | readonly string[] | undefined> | string;

export function withQuery(pathname: string, query?: Query): string {
  if (query === undefined) return pathname;
  const search =
    typeof query === "string"
      ? query.replace(/^\?/, "")
      : new URLSearchParams(
          Object.entries(query).flatMap(([key, value]) =>
            value === undefined
              ? []
              : Array.isArray(value)
                ? value.map((item) => [key, String(item)])
                : [[key, String(value)]],
          ),
        ).toString();
  return search ? `${pathname}${pathname.includes("?") ? "&" : "?"}${search}` : pathname;
}

export interface FetchOptions extends RequestInit {
  /** node-fetch's: a number of redirects to follow (0: none). */
  follow?: number;
}

/**
 * A request as node-fetch makes it, which Next.js's tests were written for: a
 * redirect not followed has its Location made absolute.
 */
export async function fetchViaHTTP(
  appPortOrUrl: string | number,
  pathname: string,
  query?: Query | null,
  options: FetchOptions = {},
): Promise<Response> {
  const url = getFullUrl(appPortOrUrl, withQuery(pathname, query ?? undefined));
  const { follow, ...init } = options;
  const redirect = follow === 0 ? "manual" : (init.redirect ?? "follow");
  let response = await fetch(url, { ...init, redirect });
  const location = response.headers.get("location");
  if (redirect !== "follow" && location !== null) {
    const headers = new Headers(response.headers);
    headers.set("location", new URL(location, url).href);
    const copy = new Response(response.body, {
      status: response.status,
      statusText: response.statusText,
      headers,
    });
    Object.defineProperty(copy, "url", { value: response.url || url });
    response = copy;
  }
  return withNodeBody(response);
}

/**
 * The response's `body` as node-fetch gives it, a Node stream (`body.on("data")`),
 * made from the Web stream when first asked for; `text()` and `json()` as they are.
 */
function withNodeBody(response: Response): Response {
  const web = response.body;
  if (web === null) return response;
  let node: Readable | null = null;
  Object.defineProperty(response, "body", {
    get: () => (node ??= Readable.fromWeb(web as NodeReadableStream)),
    configurable: true,
  });
  return response;
}

export async function renderViaHTTP(
  appPortOrUrl: string | number,
  pathname: string,
  query?: Query | null,
  options?: FetchOptions,
): Promise<string> {
  return (await fetchViaHTTP(appPortOrUrl, pathname, query, options)).text();
}

/** Tries `contentFn` once a second until its value matches, up to 30 times. */
export async function check(
  contentFn: () => unknown,
  expected: string | RegExp,
  hardError = true,
  maxRetries = 30,
): Promise<boolean> {
  let content: unknown;
  let lastError: unknown;
  for (let tries = 0; tries < maxRetries; tries++) {
    try {
      content = await contentFn();
      if (typeof expected === "string" ? expected === content : expected.test(String(content)))
        return true;
    } catch (error) {
      lastError = error;
    }
    await waitFor(1_000);
  }
  if (hardError)
    throw new Error(`TIMED OUT: ${String(expected)}\n\n${String(content)}\n\n${String(lastError)}`);
  return false;
}

/** Calls `fn` until it does not throw, every `interval` ms for `duration` ms: its value. */
export async function retry<T>(
  fn: () => T | Promise<T>,
  duration = 3_000,
  interval = 500,
  description?: string,
): Promise<T> {
  const deadline = Date.now() + duration;
  for (;;) {
    try {
      return await fn();
    } catch (error) {
      if (Date.now() + interval > deadline) {
        if (description && error instanceof Error)
          error.message = `${description}: ${error.message}`;
        throw error;
      }
      await waitFor(interval);
    }
  }
}

export async function getBrowserBodyText(browser: {
  eval(snippet: string): Promise<unknown>;
}): Promise<string> {
  return String(await browser.eval('document.getElementsByTagName("body")[0].innerText'));
}

export function normalizeRegEx(source: string): string {
  return new RegExp(source).source.replace(/\^\//g, "^\\/");
}

export const findPort = (): Promise<number> => freePort();

export const getDistDir = (): string => ".next";

export const shouldRunTurboDevTest = (): boolean => false;

/** No development server here: no error overlay on any page. */
export async function hasRedbox(): Promise<boolean> {
  return false;
}
export async function assertNoRedbox(): Promise<void> {}
export async function waitForNoRedbox(): Promise<void> {}
export async function getRedboxHeader(): Promise<null> {
  return null;
}
export async function getRedboxSource(): Promise<null> {
  return null;
}
export async function getRedboxDescription(): Promise<null> {
  return null;
}
export async function assertHasRedbox(): Promise<never> {
  throw new Error("no error overlay: the app runs as in production");
}

/** A file of the test's own folder, read and written (integration tests patch them). */
export { File } from "./file.ts";

/** Ends a process a test started (`next start` of a custom server, say). */
export async function killApp(
  child: { kill(signal?: string): unknown } | undefined,
): Promise<void> {
  child?.kill("SIGKILL");
}

export async function stopApp(server: { close(done: () => void): unknown } | undefined) {
  await new Promise<void>((done) => (server ? server.close(done) : done()));
}
