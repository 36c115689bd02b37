/**
 * What the site serves at a path, as the rewrites ask it (app/routing/
 * rewrite-rules.ts): a public file, a page without parameters, a dynamic page,
 * or nothing. Pages are the build's own routes (the not-found route is
 * nothing), indexed once: the paths without parameters in a set, the others as
 * regular expressions, since a rewrite needs to know only whether some dynamic
 * page answers, not which (React Router picks it, by Next.js's precedence). API
 * routes as the API step matches them.
 */
import type { ServerBuild } from "react-router";
import type { ApiRouteEntry } from "../../../app/next/api-route.ts";
import { isApiPath, isNotFoundRouteId } from "../../../app/routing/pages.ts";
import { nextRouteMatcher } from "../../../app/routing/precedence.ts";
import type { PathKind } from "../../../app/routing/rewrite-rules.ts";

export interface ServedPaths {
  /** Public files, by decoded path below the base path. */
  readonly files: { has(path: string): boolean };
  readonly build: Pick<ServerBuild, "routes" | "entry">;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * A React Router path as app/routes.ts writes a page's (`blog/:slug`,
 * `docs/:path/*`, `shop/:filters?/*`) as a regular expression over a decoded
 * path; null for a path without parameters.
 */
export function routePathRegExp(path: string, caseSensitive: boolean): RegExp | null {
  if (!/[:*]/.test(path)) return null;
  const source = path
    .split("/")
    .filter(Boolean)
    .map((segment) => {
      if (segment === "*") return "(?:/.*)?";
      if (segment.startsWith(":")) return segment.endsWith("?") ? "(?:/[^/]+)?" : "/[^/]+";
      return `/${escapeRegExp(segment)}`;
    })
    .join("");
  return new RegExp(`^${source}/?$`, caseSensitive ? "" : "i");
}

/** The route paths of the build, each as a whole path below the base path (`/fr/blog/:slug`). */
function wholePaths(build: Pick<ServerBuild, "routes">) {
  const routes = build.routes;
  const whole = (id: string): string => {
    const route = routes[id]!;
    const parent = route.parentId === undefined ? "" : whole(route.parentId);
    const own = route.path ?? "";
    return own === "" ? parent : `${parent.replace(/\/$/, "")}/${own}`;
  };
  return Object.values(routes).flatMap((route) => {
    if (!route || isNotFoundRouteId(route.id)) return [];
    // A layout without a path of its own answers nothing by itself.
    if (!route.index && route.path === undefined) return [];
    return [{ path: whole(route.id) || "/", caseSensitive: route.caseSensitive === true }];
  });
}

/**
 * `(path, defaultLocale)`: the path below the base path as the shell routes it
 * (its locale prefix, none for the default locale), and whether it is in the
 * default locale (public files and API routes are served there only).
 */
export function pathKinds({
  files,
  build,
}: ServedPaths): (path: string, defaultLocale: boolean) => PathKind {
  // Paths without parameters: matched as written, or (a route that says so) in any case.
  const exact = new Set<string>();
  const anyCase = new Set<string>();
  const dynamics: RegExp[] = [];
  for (const { path, caseSensitive } of wholePaths(build)) {
    const regexp = routePathRegExp(path, caseSensitive);
    if (regexp !== null) dynamics.push(regexp);
    else if (caseSensitive) exact.add(path);
    else anyCase.add(path.toLowerCase());
  }
  const apiRoutes =
    (build.entry.module as unknown as { apiRoutes?: readonly ApiRouteEntry[] }).apiRoutes ?? [];
  const api = nextRouteMatcher(apiRoutes);
  return (path, defaultLocale) => {
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      return null;
    }
    if (defaultLocale && files.has(decoded)) return "file";
    if (isApiPath(path)) {
      if (!defaultLocale) return null;
      const found = api(path);
      if (found === null) return null;
      return found.page.segments.some((segment) => segment.kind !== "static") ? "dynamic" : "page";
    }
    const bare = decoded.length > 1 && decoded.endsWith("/") ? decoded.slice(0, -1) : decoded;
    if (exact.has(bare) || anyCase.has(bare.toLowerCase())) return "page";
    return dynamics.some((regexp) => regexp.test(decoded)) ? "dynamic" : null;
  };
}
