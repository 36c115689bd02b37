/**
 * Client navigations never leave the user stranded. A navigation whose route
 * code or data has not loaded within ROUTE_LOAD_TIMEOUT_MS, or fails to load,
 * becomes a full page load of its target URL, query and hash kept.
 */
import { createPath, type ClientInstrumentation } from "react-router";
import { withRouterBasename } from "../routing/base-path.ts";
import { sameOriginPath } from "../routing/links.ts";

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

/** The client navigation in progress: one at a time; a new one supersedes it. */
interface Tracked extends PendingNavigation {
  timer?: ReturnType<typeof setTimeout>;
}

/** A tracked navigation, as its starter holds it. */
export interface NavigationTracking {
  /** Its target as React Router resolved it, once known: it replaces the one guessed at the start. */
  resolved(target: string): void;
  /** It finished, or failed in a way React Router shows: no fallback any more. */
  end(): void;
  /** Whether it is still the navigation in progress (not ended, superseded, nor given up). */
  active(): boolean;
}

let pending: Tracked | null = null;

function record(tracked: Tracked): void {
  try {
    const entry: PendingNavigation = { from: tracked.from, target: tracked.target, at: tracked.at };
    sessionStorage.setItem(PENDING_KEY, JSON.stringify(entry));
  } catch {
    // Storage may be full or disabled: only the resume after a reload is lost.
  }
}

function forget(tracked: Tracked): void {
  clearTimeout(tracked.timer);
  if (pending !== tracked) return;
  pending = null;
  try {
    sessionStorage.removeItem(PENDING_KEY);
  } catch {
    // See record.
  }
}

/**
 * Tracks a client navigation to `target` (path, query and hash) from now on:
 * `onTimeout` runs if it is still the navigation in progress after
 * ROUTE_LOAD_TIMEOUT_MS; by default its target loads as a document. The
 * navigation it supersedes is no longer tracked: its timer is cleared, and its
 * end changes nothing, even when its target is the same URL (a double click).
 */
export function beginNavigation(
  target: string,
  onTimeout: (target: string) => void = loadAsDocument,
  startedAt = Date.now(),
): NavigationTracking {
  if (pending) forget(pending);
  const tracked: Tracked = { from: location.href, target, at: startedAt };
  tracked.timer = setTimeout(
    () => pending === tracked && onTimeout(tracked.target),
    Math.max(0, ROUTE_LOAD_TIMEOUT_MS - (Date.now() - startedAt)),
  );
  pending = tracked;
  record(tracked);
  return {
    resolved(resolvedTarget) {
      if (pending !== tracked || tracked.target === resolvedTarget) return;
      tracked.target = resolvedTarget;
      record(tracked);
    },
    end: () => forget(tracked),
    active: () => pending === tracked,
  };
}

/**
 * When the navigation React Router starts next goes on from one that began
 * before it (a click that the site's middleware redirected, app/next/router.tsx):
 * its timeout counts from that start, so the two together get ROUTE_LOAD_TIMEOUT_MS.
 */
let carriedStart: number | null = null;

/** The next navigation goes on from one that began at `startedAt` (consumed by that one). */
export function carryNavigationStart(startedAt: number | null): void {
  carriedStart = startedAt;
}

/** When the client navigation in progress began (ms since the epoch), or null. */
export function pendingNavigationStart(): number | null {
  return pending?.at ?? null;
}

/** The target of the client navigation in progress, or null. */
export function pendingNavigationTarget(): string | null {
  return pending?.target ?? null;
}

/**
 * Why a navigation was given up: its page's data answered with an error
 * (`failed-data`), or anything else (its time ran out, its code failed to
 * load, the server asked for a document).
 */
export type AbandonReason = "failed-data" | "other";

const abandonListeners = new Set<(target: string, reason: AbandonReason) => void>();

/** Tells `listener` of every navigation given up for a document load (next/router's routeChangeError). */
export function onNavigationAbandoned(
  listener: (target: string, reason: AbandonReason) => void,
): void {
  abandonListeners.add(listener);
}

/**
 * Gives up on the client navigation: the browser loads the target as a new
 * document. Its record stays in sessionStorage, for the document that comes
 * next to read: the page may be leaving already (React Router's reload after a
 * failed import ends this page's data requests, and their failures land here),
 * and then the browser ignores this load, and the reload must still find the
 * target. The target's own document consumes the record without acting on it.
 */
export function loadAsDocument(target: string, reason: AbandonReason = "other"): void {
  for (const listener of abandonListeners) listener(target, reason);
  if (pending) {
    clearTimeout(pending.timer);
    pending = null;
  }
  // Back and Forward move the URL first: assigning it again would only go to its hash.
  if (new URL(target, location.href).href === location.href) window.location.reload();
  else window.location.assign(target);
}

/**
 * `loadAsDocument`, for a data request of the navigation: never settles, so
 * that React Router renders no error while the page is being replaced.
 */
export function replacedByDocument(
  target: string,
  reason: AbandonReason = "other",
): Promise<never> {
  loadAsDocument(target, reason);
  return new Promise<never>(() => {});
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
        const startedAt = carriedStart ?? Date.now();
        carriedStart = null;
        if (typeof to === "number" || (formMethod && formMethod.toUpperCase() !== "GET")) {
          await navigate();
          return;
        }
        // The target as a URL would resolve it, until React Router has resolved it
        // (relative paths are resolved against the route, not the URL): its
        // navigation's location, base path included, as the navigation starts.
        // An absolute `to` is below the router's basename; the document load needs the whole path.
        const sitePath =
          typeof to === "string" && to.startsWith("/") && !to.startsWith("//")
            ? withRouterBasename(to, window.__reactRouterContext?.basename ?? "/")
            : to;
        const url = new URL(sitePath, new URL(currentUrl, location.href));
        // React Router finishes a superseded navigation only once its route
        // modules have loaded, however late: by then this end changes nothing.
        const tracking = beginNavigation(
          url.pathname + url.search + url.hash,
          loadAsDocument,
          startedAt,
        );
        const router = window.__reactRouterDataRouter;
        // A navigation it supersedes may still be the state's until this one starts.
        const before = router?.state.navigation;
        const unsubscribe = router?.subscribe(({ navigation }) => {
          if (navigation.location === undefined || navigation === before) return;
          unsubscribe?.();
          const resolved = sameOriginPath(createPath(navigation.location), location.href);
          if (resolved !== null) tracking.resolved(resolved);
        });
        try {
          await navigate();
        } finally {
          unsubscribe?.();
          tracking.end();
        }
      },
    });
  },
};

/**
 * When a route module fails to import, React Router reloads the page being
 * left (its `window.location.reload()`), not the one asked for. This runs as an
 * inline script at the top of every page, before anything renders: after such a
 * reload it goes on to the navigation's target instead, a page of this origin
 * only. The record is consumed on first read, so a failure cannot loop.
 * Self-contained: it is serialised into the page.
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
      pending.target !== location.pathname + location.search + location.hash &&
      new URL(pending.target, location.href).origin === location.origin &&
      Date.now() - pending.at < windowMs
    ) {
      location.replace(pending.target);
    }
  } catch {
    // No storage, or a record we did not write: nothing to resume.
  }
}

export const RESUME_NAVIGATION_SCRIPT = `(${resumeFailedNavigation.toString()})(${JSON.stringify(PENDING_KEY)},${RESUME_WINDOW_MS})`;
