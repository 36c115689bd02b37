/**
 * A click the site's middleware redirects or rewrites stays in the page, as
 * Next.js's client keeps it. The data answer of the page asked for says what
 * the middleware did (server/steps/middleware/):
 *
 * - `x-nextjs-redirect`: the redirect's target, which the navigation goes on
 *   to (a target outside the site's base path, or on another origin, loads
 *   as a document);
 * - `x-nextjs-rewrite`: the page that answers in the asked URL's place, which
 *   the navigation shows under that URL (React Router's masked location), as a
 *   document of that URL shows it.
 */
import { stripBasePath } from "../../routing/base-path.ts";
import { MIDDLEWARE_REDIRECT_HEADER, MIDDLEWARE_REWRITE_HEADER } from "../routing/data-url.ts";
import { nextDataUrlOf } from "./data-location.ts";

/** What the middleware did: paths below the base path (query and hash kept), or a whole URL. */
export type MiddlewareAnswer =
  | { readonly redirect: string }
  | { readonly redirectElsewhere: string }
  | { readonly rewrite: string };

/** What a data answer says the middleware did, or null when it did neither. */
export function middlewareAnswerOf(response: Response, basePath: string): MiddlewareAnswer | null {
  const redirected = response.headers.get(MIDDLEWARE_REDIRECT_HEADER);
  const rewritten = response.headers.get(MIDDLEWARE_REWRITE_HEADER);
  const destination = redirected ?? rewritten;
  if (destination === null) return null;
  const url = new URL(destination, location.href);
  const below = url.origin === location.origin ? stripBasePath(url.pathname, basePath) : null;
  if (below === null) return { redirectElsewhere: url.href };
  const path = below + url.search + url.hash;
  return redirected !== null ? { redirect: path } : { rewrite: path };
}

/**
 * Asks the site's middleware about `href` (base path included), a path no page
 * answers, through its data URL, as Next.js's client asks: what it did, or
 * null (the path then loads as a document). Never throws.
 */
export async function askMiddleware(
  href: string,
  basePath: string,
): Promise<MiddlewareAnswer | null> {
  try {
    const url = new URL(href, location.href);
    const response = await fetch(nextDataUrlOf(null, url, basePath), {
      headers: { "x-nextjs-data": "1" },
    });
    await response.body?.cancel();
    return middlewareAnswerOf(response, basePath);
  } catch {
    return null;
  }
}
