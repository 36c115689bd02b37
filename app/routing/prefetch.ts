/**
 * What the browser fetches ahead of a click, as plain functions of plain
 * values: which links, on which connections, and which files and data for the
 * page a link leads to. The adapter that observes links and fetches is
 * app/client/prefetch.tsx.
 *
 * The rules, as Next.js's pages router has them:
 * - the code of every page a link in the viewport leads to (its route modules
 *   and the chunks they import), which is the same for everybody;
 * - the route data of pages rendered once (the same for everybody, and for the
 *   life of the build); never the data of a page rendered per request, which
 *   would cost a render for a click that may never come;
 * - nothing on a connection that says it is metered or slow.
 */

/** A prefetch slower than this is given up: it frees its place, and the navigation asks for itself. */
export const PREFETCH_TIMEOUT_MS = 10_000;

/**
 * How long prefetched route data is used. It is the same for the life of the
 * build, but kept for minutes, not for the life of the tab: a tab left open
 * across a deploy then asks the server again, which has it reload (build binding).
 */
export const PREFETCHED_DATA_KEPT_MS = 5 * 60_000;

/** What a page's connection says of itself (`navigator.connection`, where there is one). */
export interface ConnectionHints {
  readonly saveData?: boolean;
  readonly effectiveType?: string;
}

/** Whether this connection may be spent on what the visitor may never ask for. */
export function prefetchAllowed(connection: ConnectionHints | undefined): boolean {
  if (connection === undefined) return true;
  if (connection.saveData === true) return false;
  return connection.effectiveType !== "2g" && connection.effectiveType !== "slow-2g";
}

/** What a link element says of itself, for the decision to prefetch its target. */
export interface LinkHints {
  readonly href: string;
  readonly target: string;
  readonly download: boolean;
}

/**
 * The page (path and query) a link leads to in this app, when a click on it is
 * a client navigation worth preparing; otherwise null: another origin, another
 * window, a download, or this very page (a hash link).
 */
export function prefetchTarget(link: LinkHints, currentUrl: string): string | null {
  if (link.download || (link.target !== "" && link.target !== "_self")) return null;
  let url: URL;
  try {
    url = new URL(link.href, currentUrl);
  } catch {
    return null;
  }
  const current = new URL(currentUrl);
  if (url.origin !== current.origin) return null;
  const page = url.pathname + url.search;
  return page === current.pathname + current.search ? null : page;
}

/**
 * The route-data URL React Router's client asks for a page: `/about` ->
 * `/about.data`, `/about/` -> `/about/_.data`, `/` -> `/_.data`, query kept.
 * The inverse is documentPathOfDataRequest (app/routing/build-binding.ts).
 */
export function routeDataPath(page: string): string {
  const queryAt = page.indexOf("?");
  const path = queryAt === -1 ? page : page.slice(0, queryAt);
  const query = queryAt === -1 ? "" : page.slice(queryAt);
  return `${path}${path.endsWith("/") ? "_" : ""}.data${query}`;
}

/** A module of React Router's client manifest (a route's, or the entry's), as prefetching reads it. */
export interface ManifestModule {
  readonly module: string;
  readonly imports?: readonly string[];
  readonly css?: readonly string[];
  /** A route whose data its own client loader fetches (a Next.js page: from its data URL). */
  readonly hasClientLoader?: boolean;
}

/** React Router's client manifest (`window.__reactRouterManifest`), as prefetching reads it. */
export interface ClientManifest {
  readonly entry: ManifestModule;
  readonly routes: Readonly<Record<string, ManifestModule | undefined>>;
}

/** A route's module: the route's id, and the file its code is in. */
export interface RouteModuleFile {
  readonly route: string;
  readonly module: string;
}

export interface PrefetchPlan {
  /** Hashed files this page has not loaded: route modules, and what they import. */
  readonly files: readonly string[];
  /**
   * Of those, the route modules, by route id: imported once every file has
   * arrived, and handed to React Router's module cache, so the click finds
   * them evaluated and loaded. Never before: a module the browser failed to
   * fetch stays failed in its module map, and the click could not try again.
   */
  readonly modules: readonly RouteModuleFile[];
  /** The page's route-data URL, when its data is the same for everybody; else null. */
  readonly data: string | null;
  /**
   * The route, rendered once, whose client loader fetches its data itself (a
   * Next.js page): its module, once evaluated, tells its data URL, if it has one.
   */
  readonly clientData: string | null;
}

const filesOf = (m: ManifestModule | undefined): string[] =>
  m ? [m.module, ...(m.imports ?? []), ...(m.css ?? [])] : [];

/**
 * What a navigation to `page` will load that this page has not: the files of
 * the matched routes' modules, less those of the entry and of the routes
 * already loaded, and which of them are route modules; and the page's route
 * data when the deepest matched route renders once (every route above it does
 * then too): React Router's route data, or, for a route that loads its own
 * (a Next.js page), whatever its module says once evaluated.
 */
export function prefetchPlan(
  page: string,
  matchedRouteIds: readonly string[],
  manifest: ClientManifest,
  loadedRouteIds: Iterable<string>,
  renderOnceRoutes: ReadonlySet<string>,
): PrefetchPlan {
  const loaded = new Set(filesOf(manifest.entry));
  for (const id of loadedRouteIds)
    for (const file of filesOf(manifest.routes[id])) loaded.add(file);
  const files = new Set<string>();
  const modules: RouteModuleFile[] = [];
  for (const id of matchedRouteIds) {
    const route = manifest.routes[id];
    for (const file of filesOf(route)) if (!loaded.has(file)) files.add(file);
    if (route && !loaded.has(route.module)) modules.push({ route: id, module: route.module });
  }
  const leaf = matchedRouteIds.at(-1);
  const once = leaf !== undefined && renderOnceRoutes.has(leaf);
  const ownLoader = leaf !== undefined && manifest.routes[leaf]?.hasClientLoader === true;
  return {
    files: [...files],
    modules,
    data: once && !ownLoader ? routeDataPath(page) : null,
    clientData: once && ownLoader ? leaf : null,
  };
}
