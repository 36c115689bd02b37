/**
 * Where the browser fetches a Next.js page's data: its page loader, and the
 * prefetcher ahead of a click, ask for the same URL, so a prefetched answer
 * serves the click.
 */
import { stripBasePath } from "../../routing/base-path.ts";
import { buildIdOfManifest } from "../../routing/build-binding.ts";
import { defaultLocaleOn, pageLocaleOf, splitLocalePath } from "../../routing/locale.ts";
import { pageParams } from "../../routing/pages.ts";
import { nextDataPath } from "../routing/data-url.ts";
import { nextQuery, searchOf } from "../routing/query.ts";

/**
 * The data URL of the page at `url` (a Next.js page with `pattern`), as
 * Next.js's client asks for it: the page's parameters in its query too, in the
 * order of the page asked for (`querySearch`: router.tsx's `querySearchOf`).
 * `pattern` null: a path no page answers, whose data URL the site's middleware
 * may redirect (middleware-redirect.ts).
 */
export function nextDataUrlOf(
  pattern: string | null,
  url: URL,
  basePath: string,
  querySearch = url.search,
): string {
  const { locale, path } = splitLocalePath(
    stripBasePath(url.pathname, basePath) ?? url.pathname,
    defaultLocaleOn(url.host),
  );
  // No page (a path the middleware may redirect): the query as it is.
  const search =
    pattern === null
      ? querySearch
      : searchOf(nextQuery(querySearch, pageParams(pattern, path) ?? {}));
  return (
    basePath +
    nextDataPath(
      {
        buildId: buildIdOfManifest(window.__reactRouterManifest),
        locale: pageLocaleOf(locale),
        path,
      },
      search,
    )
  );
}
