import { useEffect, useRef } from "react";
import { useNavigation } from "react-router";
import {
  beginNavigation,
  endNavigation,
  loadAsDocument,
  ROUTE_LOAD_TIMEOUT_MS,
} from "./route-load.ts";

/**
 * Back and forward: React Router runs these from its own `popstate` listener,
 * not through `router.navigate`, so the instrumentation in route-load.ts does
 * not see them. This gives them the same timeout: one still loading after
 * ROUTE_LOAD_TIMEOUT_MS becomes a full page load of the URL the browser moved to.
 */
export function HistoryNavigationFallback() {
  const { state } = useNavigation();
  const latestState = useRef(state);
  const pending = useRef<{ target: string; timer: ReturnType<typeof setTimeout> } | null>(null);

  useEffect(() => {
    latestState.current = state;
    if (state === "idle" && pending.current) {
      clearTimeout(pending.current.timer);
      endNavigation(pending.current.target);
      pending.current = null;
    }
  }, [state]);

  useEffect(() => {
    function onPopState() {
      if (pending.current) clearTimeout(pending.current.timer);
      const target = location.pathname + location.search + location.hash;
      beginNavigation(target);
      const timer = setTimeout(() => {
        pending.current = null;
        // A navigation that finished without React ever showing "loading" is done.
        if (latestState.current === "idle") endNavigation(target);
        else loadAsDocument(target);
      }, ROUTE_LOAD_TIMEOUT_MS);
      pending.current = { target, timer };
    }
    window.addEventListener("popstate", onPopState);
    return () => {
      window.removeEventListener("popstate", onPopState);
      if (pending.current) clearTimeout(pending.current.timer);
    };
  }, []);

  return null;
}
