import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import type { DataRouter } from "react-router";
import { HydratedRouter } from "react-router/dom";
import { guardDataRequests } from "./client/data-requests.ts";
import { dropMaskOnLoad } from "./client/history-navigation.tsx";
import { HydrationMark, isTestModeBuild } from "./client/test-mode.tsx";
import { routeLoadInstrumentation } from "./client/route-load.ts";
import { buildIdOfManifest } from "./routing/build-binding.ts";
import type { ClientManifest } from "./routing/prefetch.ts";

declare global {
  interface Window {
    /** React Router's client manifest; its version is the build id. */
    __reactRouterManifest: ClientManifest & { version: string };
    /** React Router's hand-off from the server: the basename the router runs under, among others. */
    __reactRouterContext?: { basename?: string };
    /** React Router's router, once HydratedRouter has made it. */
    __reactRouterDataRouter?: DataRouter;
    /** React Router's route modules loaded so far, by route id. */
    __reactRouterRouteModules: Record<string, unknown>;
  }
}

guardDataRequests(buildIdOfManifest(window.__reactRouterManifest));
dropMaskOnLoad();

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      {/* Navigations render at once, not as transitions React slices and defers: a
          click paints its page 30 % sooner on a slow phone (decision 012). */}
      <HydratedRouter instrumentations={[routeLoadInstrumentation]} useTransitions={false} />
      {isTestModeBuild && <HydrationMark />}
    </StrictMode>,
  );
});
