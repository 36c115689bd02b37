import { useLocation, useRouteLoaderData } from "react-router";
import type { RequestInfo } from "./context.ts";
import site from "../site.config.ts";
import { TRAILING_SLASH, type CanonicalOptions } from "./routing/canonical-url.ts";
import { splitLocalePath, type LocalePath } from "./routing/locale.ts";

/**
 * What the root loader gives every page: of the server's request info, what a
 * page rendered once may hold. Written here, below root.tsx and the components
 * that read it, so none of them imports the root module.
 */
export type RootData = Pick<
  RequestInfo,
  "origin" | "trailingSlash" | "requestId" | "renderOnceRoutes"
> &
  Partial<Pick<RequestInfo, "basePath">>;

/**
 * The root loader's data. Undefined only when the root loader itself failed,
 * so every caller has a fallback: the error page must render regardless.
 */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData<RootData>("root");
}

/** The current page's locale and its path without the locale prefix, from the URL. */
export function useLocalePath(): LocalePath {
  return splitLocalePath(useLocation().pathname);
}

/** The site's URL settings, as the server gave them; the build's own when the root loader failed. */
export function useCanonicalOptions(): CanonicalOptions {
  const data = useRootData();
  return {
    trailingSlash: data?.trailingSlash ?? TRAILING_SLASH,
    // Absent from the data when the site has none.
    basePath: data ? (data.basePath ?? "") : site.basePath,
  };
}
