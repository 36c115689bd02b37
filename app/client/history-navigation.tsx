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
