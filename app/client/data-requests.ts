/**
 * Route-data requests (`*.data`) of this page: each carries the build id the
 * page was rendered by (see app/routing/build-binding.ts), and one that fails
 * while a navigation is pending (network error, or an error page from a proxy
 * rather than from React Router), or that another build answers, turns that
 * navigation into a full page load of its target, hash and query as asked.
 * A request for data prefetched ahead of the click (app/client/prefetch.ts) is
 * answered from what was kept, with no request at all.
 *
 * React Router has no hook for its data requests' headers or failures, so this
 * wraps `fetch`, for same-origin `*.data` requests only, and a Next.js page's
 * data requests (`/_next/data/...`, app/next/page/client.tsx), whose build id
 * is in the URL: another build answers them 404, and the target loads as a document.
 */
import {
  isNotFoundData,
  LOAD_DOCUMENT_HEADER,
  NEXT_DATA_PREFIX,
} from "../next/routing/data-url.ts";
import { BUILD_ID_HEADER } from "../routing/build-binding.ts";
import { PREFETCHED_DATA_KEPT_MS, PREFETCH_TIMEOUT_MS } from "../routing/prefetch.ts";
import { pendingNavigationTarget, replacedByDocument } from "./route-load.ts";

/** A prefetched answer, kept whole, to be answered as often as its page is visited. */
interface KeptAnswer {
  readonly body: ArrayBuffer;
  readonly status: number;
  readonly headers: [string, string][];
  readonly at: number;
}

const MAX_KEPT_ANSWERS = 64;
const kept = new Map<string, Promise<KeptAnswer | null>>();

let nativeFetch: typeof window.fetch = (...args) => window.fetch(...args);
let pageBuildId = "";

function requestUrl(input: RequestInfo | URL): URL {
  if (input instanceof Request) return new URL(input.url);
  return new URL(input, location.href);
}

/** React Router's route data (`*.data`), or a Next.js page's (`/_next/data/...`). */
function isRouteData(url: URL): boolean {
  return (
    url.origin === location.origin &&
    (url.pathname.endsWith(".data") || url.pathname.includes(NEXT_DATA_PREFIX))
  );
}

/**
 * A Next.js page's data URL that another build answered: a 404 that is not the
 * page's own `{ "notFound": true }` (the build id in the URL is not the server's).
 */
async function isAnotherBuildsData(url: URL, response: Response): Promise<boolean> {
  if (response.status !== 404 || !url.pathname.includes(NEXT_DATA_PREFIX)) return false;
  return !(await isNotFoundData(response.clone()));
}

/** A data URL as kept: its path and query. */
const keyOf = (url: URL) => url.pathname + url.search;

/** The kept answer for this request, if its data was prefetched and kept. */
async function keptAnswer(url: URL, signal: AbortSignal): Promise<Response | null> {
  const entry = kept.get(keyOf(url));
  if (entry === undefined) return null;
  const aborted = new Promise<never>((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener("abort", () => reject(signal.reason), { once: true });
  });
  const answer = await Promise.race([entry, aborted]);
  if (answer === null) return null;
  if (Date.now() - answer.at > PREFETCHED_DATA_KEPT_MS) {
    kept.delete(keyOf(url));
    return null;
  }
  return new Response(answer.body.slice(0), answer);
}

export function guardDataRequests(buildId: string): void {
  nativeFetch = window.fetch.bind(window);
  pageBuildId = buildId;

  window.fetch = async (input, init) => {
    const url = requestUrl(input);
    if (!isRouteData(url)) return nativeFetch(input, init);

    const request = new Request(input, init);
    if (request.method === "GET") {
      const answer = await keptAnswer(url, request.signal);
      if (answer !== null) return answer;
    }
    request.headers.set(BUILD_ID_HEADER, buildId);
    try {
      const response = await nativeFetch(request);
      const target = pendingNavigationTarget();
      // No navigation in progress, or not this request's any more (superseded).
      if (target === null || request.signal.aborted) return response;
      if (response.status >= 500 && !response.headers.has("X-Remix-Response")) {
        return replacedByDocument(target, "failed-data");
      }
      // The site's middleware rewrote, redirected or answered the target itself:
      // the document shows what it does.
      if (response.headers.has(LOAD_DOCUMENT_HEADER)) return replacedByDocument(target);
      // Another build's answer (app/routing/build-binding.ts): the target loads as a
      // document. React Router would load the page the server names, rebuilt from
      // the data URL: without the target's hash, its query written anew.
      if (
        (response.headers.has("X-Remix-Reload-Document") &&
          response.headers.get(BUILD_ID_HEADER) !== buildId) ||
        (await isAnotherBuildsData(url, response))
      ) {
        return replacedByDocument(target);
      }
      return response;
    } catch (error) {
      const target = pendingNavigationTarget();
      if (target !== null && !request.signal.aborted) return replacedByDocument(target);
      throw error;
    }
  };
}

/**
 * Fetches a page's route data ahead of a click, as this page's build, and keeps
 * the answer for the navigation that asks for the same URL. Kept only when it
 * is a 200 from this page's build: anything else (another build's instruction
 * to reload, an error, no network) is dropped, and the navigation asks again.
 * Never throws, never reloads: a prefetch that fails changes nothing.
 */
export async function prefetchRouteData(dataPath: string): Promise<void> {
  if (kept.has(dataPath)) return;
  await keep(dataPath, async () =>
    nativeFetch(dataPath, {
      headers: { [BUILD_ID_HEADER]: pageBuildId },
      priority: "low",
      signal: AbortSignal.timeout(PREFETCH_TIMEOUT_MS),
    }),
  );
}

/**
 * Keeps the answer a navigation got for a Next.js page rendered once
 * (`getStaticProps`), as Next.js's client keeps it: the next visit of that page
 * (Back, another link) asks nothing, within the time prefetched data is kept.
 * `response` is the navigation's own, left unread.
 */
export function keepPageData(dataPath: string, response: Response): void {
  const key = keyOf(new URL(dataPath, location.href));
  if (kept.has(key)) return;
  void keep(key, async () => response.clone());
}

/** Runs `answer` and keeps what it answers at `key`, if it may be kept; drops it otherwise. */
async function keep(key: string, answer: () => Promise<Response>): Promise<void> {
  if (kept.size >= MAX_KEPT_ANSWERS) kept.delete(kept.keys().next().value!);
  const entry = (async (): Promise<KeptAnswer | null> => {
    try {
      const response = await answer();
      if (!mayKeep(response)) {
        await response.body?.cancel();
        return null;
      }
      return {
        body: await response.arrayBuffer(),
        status: response.status,
        headers: [...response.headers],
        at: Date.now(),
      };
    } catch {
      return null;
    }
  })();
  kept.set(key, entry);
  // A dropped answer is forgotten, so the next prefetch or navigation asks again.
  if ((await entry) === null && kept.get(key) === entry) kept.delete(key);
}

/**
 * A 200 of this page's build, with data (not an instruction to load a
 * document), that no one said not to store: a preview's data is private.
 */
function mayKeep(response: Response): boolean {
  return (
    response.status === 200 &&
    response.headers.get(BUILD_ID_HEADER) === pageBuildId &&
    !response.headers.has(LOAD_DOCUMENT_HEADER) &&
    !/\bno-store\b/i.test(response.headers.get("Cache-Control") ?? "")
  );
}

/**
 * Next.js's `router.sdc`, its client's data cache, as the shell keeps it: the
 * absolute data URL of every Next.js page's data kept (prefetched, or loaded
 * for a page rendered once), each with its JSON.
 */
export function keptPageData(): Record<string, Promise<unknown>> {
  const out: Record<string, Promise<unknown>> = {};
  for (const [key, entry] of kept) {
    if (!key.includes(NEXT_DATA_PREFIX)) continue;
    let json = parsedAnswers.get(entry);
    if (!json) {
      json = entry.then((answer) =>
        answer === null ? null : (JSON.parse(new TextDecoder().decode(answer.body)) as unknown),
      );
      parsedAnswers.set(entry, json);
    }
    out[new URL(key, location.href).href] = json;
  }
  return out;
}

// Each kept answer's JSON, parsed once however often `router.sdc` is read; an
// answer dropped from `kept` takes its JSON with it.
const parsedAnswers = new WeakMap<Promise<KeptAnswer | null>, Promise<unknown>>();
