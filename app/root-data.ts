import { useLocation, useRouteLoaderData } from "react-router";
import type { CanonicalOptions } from "./routing/canonical-url.ts";
import { splitLocalePath, type LocalePath } from "./routing/locale.ts";
import type { loader } from "./root.tsx";

export type RootData = Awaited<ReturnType<typeof loader>>;

/**
 * The root loader's data. Undefined only when the root loader itself failed,
 * so every caller has a fallback: the error page must render regardless.
 */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData<typeof loader>("root");
}

/** The current page's locale and its path without the locale prefix, from the URL. */
export function useLocalePath(): LocalePath {
  return splitLocalePath(useLocation().pathname);
}

export function useCanonicalOptions(): CanonicalOptions {
  return { trailingSlash: useRootData()?.trailingSlash ?? "never" };
}
