/**
 * Page data is bound to the build that rendered the page. Every route-data
 * request of a page carries its build id in this header; the server answers a
 * request from another build with a document reload of the target, which React
 * Router's client performs, instead of data that old page cannot use.
 */
import { canonicalUrlPath, type CanonicalOptions } from "./canonical-url.ts";

export const BUILD_ID_HEADER = "X-Build-Id";

/**
 * The page a route-data request loads data for, as React Router names them:
 * `/about.data` -> `/about`, `/about/_.data` -> `/about/`, `/_.data` -> `/`,
 * and under a base path `/shop.data` -> `/shop`; its own `_routes` parameter
 * dropped. Made canonical, so it is always a path on this origin, whatever the
 * request said; null for data outside the base path, which is no page's.
 */
export function documentPathOfDataRequest(
  rawPath: string,
  rawSearch: string,
  options: CanonicalOptions,
): string | null {
  const path = rawPath.endsWith("/_.data")
    ? rawPath.slice(0, -"_.data".length)
    : rawPath.slice(0, -".data".length);
  const params = new URLSearchParams(rawSearch);
  params.delete("_routes");
  const search = params.size > 0 ? `?${params}` : "";
  const canonical = canonicalUrlPath(path, options);
  return canonical === null ? null : canonical + search;
}
