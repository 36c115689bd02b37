/**
 * Page data is bound to the build that rendered the page. Every route-data
 * request of a page carries its build id in this header; the server answers a
 * request from another build with a document reload of the target, which React
 * Router's client performs, instead of data that old page cannot use.
 */
import { canonicalUrlPath, type CanonicalOptions } from "./canonical-url.ts";

export const BUILD_ID_HEADER = "X-Build-Id";

/** The build id under the dev server (`npm run dev`): Next.js's under `next dev` too. */
export const DEVELOPMENT_BUILD_ID = "development";

/**
 * The id a build is known by, read from React Router's manifest of it: the
 * server's (`build.assets`) and the browser's (`window.__reactRouterManifest`)
 * give the same. It is the `X-Build-Id` of every answer, the one a page's data
 * requests carry, and the one in its data URLs (`/_next/data/<buildId>/...`).
 *
 * Under the dev server (its manifests carry `hmr`), React Router makes the
 * server's manifest and the browser's apart, each with a random version, and
 * again whenever it regenerates them: the two never agree, and every data
 * request was taken for one of another build (each click loaded a document,
 * each data URL was a 404). There, as under `next dev`, the build is
 * "development"; the modules it serves are Vite's, kept current by HMR.
 */
export function buildIdOfManifest(manifest: {
  readonly version: string;
  readonly hmr?: unknown;
}): string {
  return manifest.hmr ? DEVELOPMENT_BUILD_ID : manifest.version;
}

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
