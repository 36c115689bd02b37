/**
 * What the differential suite reads of a page: its props and the router's
 * fields, as JSON in the page, and the router's events in order, on window.
 */
import Router, { useRouter } from "next/router";

export const ROUTER_EVENTS = [
  "routeChangeStart",
  "beforeHistoryChange",
  "routeChangeComplete",
  "routeChangeError",
  "hashChangeStart",
  "hashChangeComplete",
];

if (typeof window !== "undefined" && !window.__routerEvents) {
  window.__routerEvents = [];
  for (const name of ROUTER_EVENTS) {
    Router.events.on(name, (...args) => {
      const [first, second] = args;
      const url = name === "routeChangeError" ? second : first;
      window.__routerEvents.push({
        name,
        url,
        path: window.location.pathname + window.location.search + window.location.hash,
        ...(name === "routeChangeError" && {
          cancelled: Boolean(first?.cancelled),
          message: first?.message ?? null,
        }),
      });
    });
  }
  // The singleton's older hooks, which Next.js still calls after the events' handlers.
  const hook = (name) => (url) =>
    window.__routerEvents.push({
      name,
      url,
      path: window.location.pathname + window.location.search + window.location.hash,
    });
  Router.onRouteChangeStart = hook("onRouteChangeStart");
  Router.onRouteChangeComplete = hook("onRouteChangeComplete");
}

/** The router's fields a page shows. */
export function RouterFields() {
  const router = useRouter();
  const fields = {
    pathname: router.pathname,
    route: router.route,
    query: router.query,
    asPath: router.asPath,
    basePath: router.basePath,
    locale: router.locale,
    locales: router.locales,
    defaultLocale: router.defaultLocale,
    isFallback: router.isFallback,
    isReady: router.isReady,
    isPreview: router.isPreview,
  };
  return <pre id="router">{JSON.stringify(fields)}</pre>;
}

export function Props({ value }) {
  return <pre id="props">{JSON.stringify(value)}</pre>;
}
