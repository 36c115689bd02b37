/**
 * Route-data requests (`*.data`) of this page: each carries the build id the
 * page was rendered by (see app/routing/build-binding.ts), and one that fails
 * while a navigation is pending (network error, or an error page from a proxy
 * rather than from React Router) turns that navigation into a full page load.
 *
 * React Router has no hook for its data requests' headers or failures, so this
 * wraps `fetch`, for same-origin `*.data` requests only.
 */
import { BUILD_ID_HEADER } from "../routing/build-binding.ts";
import { loadAsDocument, pendingNavigationTarget } from "./route-load.ts";

function requestUrl(input: RequestInfo | URL): URL {
  if (input instanceof Request) return new URL(input.url);
  return new URL(input, location.href);
}

function isRouteData(url: URL): boolean {
  return url.origin === location.origin && url.pathname.endsWith(".data");
}

/** Never settles: the page is being replaced, React Router must not render an error meanwhile. */
function replacedByDocument(target: string): Promise<never> {
  loadAsDocument(target);
  return new Promise(() => {});
}

export function guardDataRequests(buildId: string): void {
  const nativeFetch = window.fetch.bind(window);

  window.fetch = async (input, init) => {
    if (!isRouteData(requestUrl(input))) return nativeFetch(input, init);

    const request = new Request(input, init);
    request.headers.set(BUILD_ID_HEADER, buildId);
    try {
      const response = await nativeFetch(request);
      const target = pendingNavigationTarget();
      if (target !== null && response.status >= 500 && !response.headers.has("X-Remix-Response")) {
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
