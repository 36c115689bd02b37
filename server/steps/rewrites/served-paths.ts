/**
 * What the site serves at a path, as the rewrites ask it (app/routing/
 * rewrite-rules.ts): a public file, a page without parameters, a dynamic page,
 * or nothing. Pages are the build's own routes, matched as React Router will
 * match them (the not-found route is nothing); API routes as the API step
 * matches them.
 */
import { matchRoutes, type RouteObject } from "react-router";
import type { ServerBuild } from "react-router";
import type { ApiRouteEntry } from "../../../app/next/api-route.ts";
import { isApiPath, isNotFoundRouteId } from "../../../app/routing/pages.ts";
import { nextRouteMatcher } from "../../../app/routing/precedence.ts";
import type { PathKind } from "../../../app/routing/rewrite-rules.ts";

/** The build's flat route manifest as the tree React Router matches. */
function routeTree(build: Pick<ServerBuild, "routes">): RouteObject[] {
  const children = new Map<string | undefined, RouteObject[]>();
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    const object = {
      id: route.id,
      path: route.path,
      index: route.index,
      caseSensitive: route.caseSensitive,
    } as RouteObject;
    const siblings = children.get(route.parentId) ?? [];
    siblings.push(object);
    children.set(route.parentId, siblings);
  }
  const attach = (route: RouteObject): RouteObject => {
    const below = children.get(route.id);
    return below && !route.index ? { ...route, children: below.map(attach) } : route;
  };
  return (children.get(undefined) ?? []).map(attach);
}

const isDynamic = (path: string | undefined) => path !== undefined && /[:*]/.test(path);

export interface ServedPaths {
  /** Public files, by decoded path below the base path. */
  readonly files: { has(path: string): boolean };
  readonly build: Pick<ServerBuild, "routes" | "entry">;
}

/**
 * `(path, locale)`: the path below the base path as the shell routes it (its
 * locale prefix, none for the default locale), and whether it is in the
 * default locale (public files and API routes are served there only).
 */
export function pathKinds({
  files,
  build,
}: ServedPaths): (path: string, defaultLocale: boolean) => PathKind {
  const tree = routeTree(build);
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
    const matches = matchRoutes(tree, path);
    const last = matches?.at(-1);
    if (!last || isNotFoundRouteId(last.route.id!)) return null;
    return matches!.some((match) => isDynamic(match.route.path)) ? "dynamic" : "page";
  };
}
