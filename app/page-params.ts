/**
 * A page's own route and parameters, as Next.js gives them (app/routing/pages.ts),
 * for its component and its loader. React Router's own `params` decode a
 * catch-all's `%2F` into a separator; these are read from the raw path, once.
 */
import { useLocation, useMatches } from "react-router";
import { pageParams, pageRouteOfId, patternOfRoutePath, type PageParams } from "./routing/pages.ts";

export type { GetStaticPaths, StaticPaths } from "./routing/pages.ts";
import { splitLocalePath } from "./routing/locale.ts";

export interface PageMatch {
  /** The route as Next.js writes it: `/docs/[...path]`. */
  readonly pattern: string;
  readonly params: PageParams;
}

/** The page being rendered and its parameters; null outside a page of app/pages (a fixture, an error). */
export function usePage(): PageMatch | null {
  const { prefix, path } = splitLocalePath(useLocation().pathname);
  const id = useMatches().at(-1)?.id ?? "";
  const page = pageRouteOfId(id, prefix);
  const params = page && pageParams(page.pattern, path);
  return page && params ? { pattern: page.pattern, params } : null;
}

/**
 * In a page's loader, its parameters: `pageParamsOf(args).slug`. The route's
 * pattern, which React Router hands every loader, names the page.
 */
export function pageParamsOf({ pattern, url }: { pattern: string; url: URL }): PageParams {
  const page = patternOfRoutePath(
    splitLocalePath(pattern.startsWith("/") ? pattern : `/${pattern}`).path,
  );
  return pageParams(page, splitLocalePath(url.pathname).path) ?? {};
}
