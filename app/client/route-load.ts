/**
 * Client navigations never leave the user stranded. A navigation whose route
 * code or data has not loaded within ROUTE_LOAD_TIMEOUT_MS, or fails to load,
 * becomes a full page load of its target URL, query and hash kept.
 */
import type { ClientInstrumentation } from "react-router";
import { withRouterBasename } from "../routing/base-path.ts";

export const ROUTE_LOAD_TIMEOUT_MS = 3800;

// sessionStorage key of the navigation in progress, read back after a reload.
const PENDING_KEY = "route-load:pending";
// A reload later than this after the navigation began was the user's, not React Router's.
const RESUME_WINDOW_MS = 10_000;

interface PendingNavigation {
  from: string;
  target: string;
  at: number;
}

let pendingTarget: string | null = null;

export function beginNavigation(target: string): void {
  pendingTarget = target;
  const record: PendingNavigation = { from: location.href, target, at: Date.now() };
  try {
    sessionStorage.setItem(PENDING_KEY, JSON.stringify(record));
  } catch {
    // Storage may be full or disabled: only the resume after a reload is lost.
  }
}

export function endNavigation(target: string): void {
  if (pendingTarget !== target) return;
  pendingTarget = null;
  try {
    sessionStorage.removeItem(PENDING_KEY);
  } catch {
    // See beginNavigation.
  }
}

/** The target of the client navigation in progress, or null. */
export function pendingNavigationTarget(): string | null {
  return pendingTarget;
}

/** Gives up on the client navigation: the browser loads the target as a new document. */
export function loadAsDocument(target: string): void {
  endNavigation(target);
  window.location.assign(target);
}

/**
 * Wraps every client navigation (`router.navigate`, which links and `useNavigate`
 * call) from its first step: route discovery, code, then data. Only GET
 * navigations: a form post cannot be replayed as a page load.
 */
export const routeLoadInstrumentation: ClientInstrumentation = {
  router(router) {
    router.instrument({
      async navigate(navigate, { to, currentUrl, formMethod }) {
        if (typeof to === "number" || (formMethod && formMethod.toUpperCase() !== "GET")) {
          await navigate();
          return;
        }
        // An absolute `to` is below the router's basename; the document load needs the whole path.
        const sitePath =
          typeof to === "string" && to.startsWith("/") && !to.startsWith("//")
            ? withRouterBasename(to, window.__reactRouterContext?.basename ?? "/")
            : to;
        const url = new URL(sitePath, new URL(currentUrl, location.href));
        const target = url.pathname + url.search + url.hash;
        beginNavigation(target);
        const timer = setTimeout(() => loadAsDocument(target), ROUTE_LOAD_TIMEOUT_MS);
        try {
          await navigate();
        } finally {
          clearTimeout(timer);
          endNavigation(target);
        }
      },
    });
  },
};

/**
 * When a route module fails to import, React Router reloads the page being
 * left (its `window.location.reload()`), not the one asked for. This runs as an
 * inline script at the top of every page, before anything renders: after such a
 * reload it goes on to the navigation's target instead. The record is consumed
 * on first read, so a failure cannot loop. Self-contained: it is serialised
 * into the page.
 */
export function resumeFailedNavigation(key: string, windowMs: number): void {
  try {
    const raw = sessionStorage.getItem(key);
    if (raw === null) return;
    sessionStorage.removeItem(key);
    const pending = JSON.parse(raw) as PendingNavigation;
    const entry = performance.getEntriesByType("navigation")[0] as
      PerformanceNavigationTiming | undefined;
    if (
      entry?.type === "reload" &&
      pending.from === location.href &&
      pending.target !== location.href &&
      Date.now() - pending.at < windowMs
    ) {
      location.replace(pending.target);
    }
  } catch {
    // No storage, or a record we did not write: nothing to resume.
  }
}

export const RESUME_NAVIGATION_SCRIPT = `(${resumeFailedNavigation.toString()})(${JSON.stringify(PENDING_KEY)},${RESUME_WINDOW_MS})`;
