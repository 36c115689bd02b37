/**
 * A page's data request in the browser, as Next.js's client makes it: one
 * request per data URL in flight, whatever the clicks that ask for it, so four
 * quick clicks on one link make one getServerSideProps call, not four. A click
 * abandoned for another stops waiting; its request goes on for the next one.
 * Once an answer has come whole, the next click asks again.
 */

import { ROUTE_LOAD_TIMEOUT_MS } from "../../client/route-load.ts";
import { MIDDLEWARE_REDIRECT_HEADER, MIDDLEWARE_REWRITE_HEADER } from "../routing/data-url.ts";

/** The data URLs asked for and not yet answered whole. */
const inFlight = new Map<string, Promise<Response>>();

/** The answer at `url`: this call's own copy, or the signal's reason once it aborts. */
export function fetchPageData(url: string, signal: AbortSignal): Promise<Response> {
  let shared = inFlight.get(url);
  if (shared === undefined) {
    const started = fetch(url, { headers: { "x-nextjs-data": "1" } });
    shared = started;
    inFlight.set(url, started);
    void started
      .then((response) => response.clone().arrayBuffer())
      .catch(() => {})
      .finally(() => {
        if (inFlight.get(url) === started) inFlight.delete(url);
      });
  }
  return untilAborted(
    shared.then((response) => response.clone()),
    signal,
  );
}

function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as unknown);
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason as unknown);
    signal.addEventListener("abort", abort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", abort));
  });
}

/**
 * An answer that already holds the data of the page a click is shown next: the
 * server rewrote the click's data request to that page and answered with its
 * data (server/platform/page-of.ts), as Next.js's does. Handed to that page's
 * loader, which then asks nothing: at most one at a time, taken once, and only
 * within the route-load timeout (a click superseded meanwhile leaves nothing
 * another visit of the page could find later).
 */
let handedOver: { page: string; response: Response; at: number } | null = null;

/** Hands `response` to the loader of `page` (below the base path, with its query), the rewrite's marks taken off. */
export function handOverPageData(page: string, response: Response): void {
  const headers = new Headers(response.headers);
  headers.delete(MIDDLEWARE_REWRITE_HEADER);
  headers.delete(MIDDLEWARE_REDIRECT_HEADER);
  const { status, statusText } = response;
  handedOver = {
    page,
    response: new Response(response.body, { status, statusText, headers }),
    at: Date.now(),
  };
}

/** The answer handed over for `page`, if one is, once. */
export function takeHandedOver(page: string): Response | null {
  const entry = handedOver;
  if (entry === null || entry.page !== page) return null;
  handedOver = null;
  return Date.now() - entry.at <= ROUTE_LOAD_TIMEOUT_MS ? entry.response : null;
}
