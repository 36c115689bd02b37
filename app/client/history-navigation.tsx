import { useEffect, useRef } from "react";
import { useNavigation } from "react-router";
import { beginNavigation, loadAsDocument, type NavigationTracking } from "./route-load.ts";

/**
 * Back and forward: React Router runs these from its own `popstate` listener,
 * not through `router.navigate`, so the instrumentation in route-load.ts does
 * not see them. This gives them the same timeout: one still loading after
 * ROUTE_LOAD_TIMEOUT_MS becomes a full page load of the URL the browser moved to.
 * Tracked as every navigation is (route-load.ts): a link clicked meanwhile
 * supersedes it, and its timeout then changes nothing.
 */
export function HistoryNavigationFallback() {
  const { state } = useNavigation();
  const latestState = useRef(state);
  const tracking = useRef<NavigationTracking | null>(null);

  useEffect(() => {
    latestState.current = state;
    if (state === "idle" && tracking.current) {
      tracking.current.end();
      tracking.current = null;
    }
  }, [state]);

  useEffect(() => {
    function onPopState() {
      const target = location.pathname + location.search + location.hash;
      tracking.current = beginNavigation(target, () => {
        // A navigation that finished without React ever showing "loading" is done.
        if (latestState.current === "idle") tracking.current?.end();
        else loadAsDocument(target);
        tracking.current = null;
      });
    }
    window.addEventListener("popstate", onPopState);
    return () => {
      window.removeEventListener("popstate", onPopState);
      tracking.current?.end();
    };
  }, []);

  return null;
}

/**
 * A new document shows its URL's own page, as the server rendered it, as
 * Next.js shows it on a reload. A history entry that showed another page under
 * its URL (a masked location: `<Link as>` naming another page, a middleware's
 * rewrite) would be read by React Router's history as that other page, which
 * the server's HTML is not: its mask, and the state that named the other page,
 * are dropped before the router starts. Back and Forward within the document
 * still show what each entry showed.
 */
export function dropMaskOnLoad(): void {
  const state = window.history.state as { masked?: unknown; usr?: unknown } | null;
  if (state?.masked === undefined || state.masked === null) return;
  const { masked: _masked, usr: _usr, ...rest } = state;
  window.history.replaceState({ ...rest, usr: null }, "");
}
