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
  /** `export const revalidate = 60`: rendered once, and again once 60 seconds old. */
  readonly revalidate?: unknown;
  /** `export const tags = ["posts"]`: names `POST /_revalidate` can drop its pages by. */
  readonly tags?: unknown;
}

/**
 * A route without a loader or action renders the same for every request to the
 * same URL, so it is rendered once unless it opts out. A route with a loader is
 * rendered per request unless it says its loader does not depend on the request:
 * with `renderOnce = true`, or with `revalidate` (its data changes with time,
 * not with the request, as a Next.js page with getStaticProps).
 */
export function routeRendersOnce(module: RenderingExports): boolean {
  if (typeof module.renderOnce === "boolean") return module.renderOnce;
  if (module.revalidate !== undefined) return true;
  return module.loader === undefined && module.action === undefined;
}

/** The longest `revalidate`: a year, in seconds. */
export const MAX_REVALIDATE_S = 365 * 24 * 60 * 60;

/**
 * `export const revalidate = N`: the route's pages, rendered once, are rendered
 * again in the background by the first request that finds them N seconds old
 * (which still gets the kept page at once). Null when the route does not say:
 * its pages are kept until evicted. Anything but a whole number of seconds from
 * 1 to a year, or a revalidate on a route that opts out of being rendered once,
 * is a mistake: thrown, and the server refuses to start.
 */
export function routeRevalidate(module: RenderingExports): number | null {
  const { revalidate } = module;
  if (revalidate === undefined) return null;
  if (
    typeof revalidate !== "number" ||
    !Number.isInteger(revalidate) ||
    revalidate < 1 ||
    revalidate > MAX_REVALIDATE_S
  ) {
    throw new Error(
      `revalidate must be a whole number of seconds from 1 to ${MAX_REVALIDATE_S}, not ${JSON.stringify(revalidate)}`,
    );
  }
  if (module.renderOnce === false) {
    throw new Error("revalidate is for pages rendered once: it cannot go with renderOnce = false");
  }
  return revalidate;
}

/** A tag: what `POST /_revalidate {"tags": [...]}` names (server/pages/cache/on-demand.ts). */
const TAG = /^[\w.:-]{1,64}$/;

/**
 * `export const tags = ["posts", "post:hello"]`: names for the route's pages
 * rendered once, by which on-demand revalidation drops them all at once. Empty
 * when the route does not say; a list that is not of tags is refused at start-up.
 */
export function routeTags(module: RenderingExports): readonly string[] {
  const { tags } = module;
  if (tags === undefined) return [];
  if (!Array.isArray(tags) || tags.some((tag) => typeof tag !== "string" || !TAG.test(tag))) {
    throw new Error(`tags must be a list of tags (${TAG.source}), not ${JSON.stringify(tags)}`);
  }
  return tags as string[];
}
