/**
 * Which pages are rendered once and served many times, instead of per request.
 * A route module decides for its own pages; a page is rendered once only when
 * every route it matches (root, layouts, leaf) agrees.
 *
 * A page rendered once may depend on its URL, the server's configuration and
 * the public origin, never on anything else of the request: no cookie, no
 * header, no time of day. Such a render gets an empty request id (see
 * RequestInfo.renderedOnce).
 */

/** The exports of a route module that decide how its pages are rendered. */
export interface RenderingExports {
  readonly loader?: unknown;
  readonly action?: unknown;
  /** `export const renderOnce = false` opts a route out; `true` vouches for its loader. */
  readonly renderOnce?: unknown;
}

/**
 * A route without a loader or action renders the same for every request to the
 * same URL, so it is rendered once unless it opts out. A route with a loader is
 * rendered per request unless it says its loader does not depend on the request.
 */
export function routeRendersOnce(module: RenderingExports): boolean {
  if (typeof module.renderOnce === "boolean") return module.renderOnce;
  return module.loader === undefined && module.action === undefined;
}
