/**
 * A page's data request in the browser, as Next.js's client makes it: one
 * request per data URL in flight, whatever the clicks that ask for it, so four
 * quick clicks on one link make one getServerSideProps call, not four. A click
 * abandoned for another stops waiting; its request goes on for the next one.
 * Once an answer has come whole, the next click asks again.
 */

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
