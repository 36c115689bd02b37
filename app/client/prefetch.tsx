/**
 * Links prefetch what their navigation will need, by the rules of
 * app/routing/prefetch.ts: once the page has loaded and the browser is idle,
 * for every link in (or near) the viewport, and at once for a link the visitor
 * points at, focuses or touches.
 *
 * Why not React Router's `<Link prefetch>`: it imports the target's route
 * modules to read their `links`, and React Router reloads the page when such an
 * import fails (an old replica's 404 during a deploy would reload the page the
 * visitor is reading). Here files are fetched into the HTTP cache first, and
 * a route module is imported only once all its files are there: a failed
 * prefetch leaves no trace, not even in the browser's module map, and the click
 * that follows makes a new try along the contract's path
 * (app/client/route-load.ts); a successful one leaves the module evaluated, so
 * the click only renders. Data goes through app/client/data-requests.ts, which
 * keeps only answers of this page's build.
 *
 * A prefetch is not a navigation: no route-load timer runs for it, and it never
 * changes the page.
 */
import { useContext, useEffect } from "react";
import { UNSAFE_DataRouterContext } from "react-router";
import { useSiteInfo } from "../root-data.ts";
import {
  PREFETCH_TIMEOUT_MS,
  prefetchAllowed,
  prefetchPlan,
  prefetchTarget,
  type ConnectionHints,
  type RouteModuleFile,
} from "../routing/prefetch.ts";
import { nextDataUrlOf } from "../next/page/data-location.ts";
import { nextPageOf } from "../next/page/types.ts";
import { registerPrefetcher } from "../next/router.tsx";
import { prefetchRouteData } from "./data-requests.ts";
import { isNotFoundRouteId } from "../routing/pages.ts";

// At most this many prefetches at once, so they never take every connection
// the browser has for this host (six over HTTP/1.1) from what the page needs.
const MAX_PREFETCHES_IN_FLIGHT = 2;
// Links this close to the viewport count as in it: they are a short scroll away.
const VIEWPORT_MARGIN = "200px";
// React Router's links carry this attribute; a plain `<a>` loads a document anyway.
const ROUTER_LINKS = "a[data-discover]";

/** Runs tasks a few at a time, in the order given. */
function limiter(limit: number): (task: () => Promise<unknown>) => void {
  let active = 0;
  const waiting: (() => Promise<unknown>)[] = [];
  const next = () => {
    while (active < limit && waiting.length > 0) {
      const task = waiting.shift()!;
      active++;
      void task().finally(() => {
        active--;
        next();
      });
    }
  };
  return (task) => {
    waiting.push(task);
    next();
  };
}

/** Fetches a hashed file into the HTTP cache: whether it is there now. A failure is silent. */
async function prefetchFile(file: string): Promise<boolean> {
  try {
    const response = await fetch(file, {
      priority: "low",
      signal: AbortSignal.timeout(PREFETCH_TIMEOUT_MS),
    });
    await response.arrayBuffer();
    return response.ok;
  } catch {
    // Nothing was cached: the navigation will fetch it, and fall back if it must.
    return false;
  }
}

/**
 * Evaluates route modules whose files are all in the HTTP cache, and hands each
 * to React Router's module cache (`window.__reactRouterRouteModules`, where its
 * own loader puts a module it imported), so the click that follows neither
 * fetches nor imports: a dynamic import, even of a module evaluated already,
 * resolves a few tasks later, and a frame can come between them and the render
 * (issue 34). Only once the files are cached: the import is answered from the
 * cache, and a module that failed would stay failed in the module map, where
 * the click could not try again. Should it fail anyway (the cache emptied, the
 * server gone), nothing is kept, the click's own import fails, and the
 * navigation becomes a page load, as the contract has it.
 */
async function evaluateWhenCached(
  files: Promise<boolean>[],
  modules: readonly RouteModuleFile[],
): Promise<void> {
  if (modules.length === 0) return;
  const cached = await Promise.all(files);
  if (!cached.every(Boolean)) return;
  await Promise.all(
    modules.map(({ route, module }) =>
      import(/* @vite-ignore */ module).then(
        (loaded: unknown) => void (window.__reactRouterRouteModules[route] ??= loaded),
        () => {},
      ),
    ),
  );
}

/**
 * The data URL of a Next.js page rendered once (`getStaticProps`), as its
 * module's handle tells it; null for any other route or page.
 */
function nextDataUrl(route: string, page: string, basePath: string): string | null {
  const module = window.__reactRouterRouteModules[route] as { handle?: unknown } | undefined;
  const next = nextPageOf(module?.handle);
  if (next?.meta.data !== "static") return null;
  return nextDataUrlOf(next.pattern, new URL(page, location.href), basePath);
}

/** Waits for the page's load, then for the browser to be idle (Safari has no idle callback). */
function afterLoadAndIdle(start: () => void): () => void {
  let cancelled = false;
  const whenIdle = () => {
    const run = () => cancelled || start();
    if (typeof window.requestIdleCallback === "function") requestIdleCallback(run);
    else setTimeout(run, 1);
  };
  if (document.readyState === "complete") whenIdle();
  else window.addEventListener("load", whenIdle, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener("load", whenIdle);
  };
}

export function LinkPrefetcher() {
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  // The same list on every page of a build: as a string, it changes nothing between pages.
  const { renderOnceRoutes: renderOnceList, options } = useSiteInfo();
  const { basePath } = options;

  useEffect(() => {
    const connection = (navigator as Navigator & { connection?: ConnectionHints }).connection;
    if (router === undefined || !prefetchAllowed(connection)) return;

    const renderOnceRoutes = new Set(renderOnceList.split(" "));
    const enqueue = limiter(MAX_PREFETCHES_IN_FLIGHT);
    const requested = new Map<string, Promise<boolean>>();
    const planned = new Set<string>();
    /** Runs a prefetch once per key, in the queue: whether it succeeded. */
    const once = (key: string, task: () => Promise<boolean>): Promise<boolean> => {
      let done = requested.get(key);
      if (!done) {
        done = new Promise<boolean>((resolve) => enqueue(() => task().then(resolve)));
        requested.set(key, done);
      }
      return done;
    };

    const prefetch = (link: HTMLAnchorElement) => {
      const page = prefetchTarget(
        { href: link.href, target: link.target, download: link.hasAttribute("download") },
        location.href,
      );
      // Pointer events come by the dozen: each page is planned once.
      if (page === null || planned.has(page)) return;
      planned.add(page);
      // The router's own matcher, as the navigation will match: its branches are
      // ranked (and indexed, decision 017) once, where `matchRoutes` would rank the
      // whole table again for every link.
      const matches = router.match(new URL(page, location.href).pathname) ?? [];
      // A path no page answers has nothing to prefetch: its 404 would only fill
      // the console, and Next.js prefetches only the pages it has.
      const leaf = matches.at(-1);
      if (leaf === undefined || isNotFoundRouteId(leaf.route.id)) return;
      const plan = prefetchPlan(
        page,
        matches.map((match) => match.route.id),
        window.__reactRouterManifest,
        Object.keys(window.__reactRouterRouteModules),
        renderOnceRoutes,
      );
      const files = plan.files.map((file) => once(file, () => prefetchFile(file)));
      const evaluated = evaluateWhenCached(files, plan.modules);
      if (plan.data !== null) once(plan.data, () => prefetchRouteData(plan.data!).then(() => true));
      const route = plan.clientData;
      if (route !== null) {
        void evaluated.then(() => {
          const url = nextDataUrl(route, page, basePath);
          if (url !== null) void once(url, () => prefetchRouteData(url).then(() => true));
        });
      }
    };
    // next/router's `router.prefetch(url)`: the same, for a page named by its path.
    registerPrefetcher(async (path) => {
      const page = prefetchTarget(
        { href: basePath + path, target: "", download: false },
        location.href,
      );
      if (page === null || planned.has(page)) return;
      const link = document.createElement("a");
      link.href = page;
      prefetch(link);
    });

    const inViewport = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) prefetch(entry.target as HTMLAnchorElement);
        }
      },
      { rootMargin: VIEWPORT_MARGIN },
    );
    // Observed afresh when added or pointed elsewhere (a header link after a
    // change of locale), so the observer reports whether it is in view now.
    const watch = (link: Element) => {
      inViewport.unobserve(link);
      inViewport.observe(link);
    };
    const changes = new MutationObserver((records) => {
      for (const record of records) {
        const target = record.target as Element;
        if (record.type === "attributes" && target.matches(ROUTER_LINKS)) watch(target);
        for (const node of record.addedNodes) {
          if (!(node instanceof Element)) continue;
          if (node.matches(ROUTER_LINKS)) watch(node);
          node.querySelectorAll(ROUTER_LINKS).forEach(watch);
        }
      }
    });
    const onIntent = (event: Event) => {
      const link = (event.target as Element | null)?.closest?.(ROUTER_LINKS);
      if (link instanceof HTMLAnchorElement) prefetch(link);
    };
    const intents = ["pointerover", "focusin", "touchstart"] as const;

    const cancelStart = afterLoadAndIdle(() => {
      document.querySelectorAll(ROUTER_LINKS).forEach(watch);
      changes.observe(document.body, {
        subtree: true,
        childList: true,
        attributeFilter: ["href"],
      });
      for (const type of intents) {
        document.addEventListener(type, onIntent, { capture: true, passive: true });
      }
    });
    return () => {
      cancelStart();
      inViewport.disconnect();
      changes.disconnect();
      for (const type of intents) document.removeEventListener(type, onIntent, { capture: true });
    };
  }, [router, renderOnceList, basePath]);

  return null;
}
