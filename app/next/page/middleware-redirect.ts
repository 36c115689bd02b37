/**
 * A click the site's middleware redirects within the site stays in the page,
 * as Next.js's client keeps it: the data answer of the page asked for names
 * the redirect's target (`x-nextjs-redirect`, server/steps/middleware/), and
 * the navigation goes on there. A target outside the site's base path, or on
 * another origin, loads as a document.
 */
import { stripBasePath } from "../../routing/base-path.ts";
import { MIDDLEWARE_REDIRECT_HEADER } from "../routing/data-url.ts";
import { nextDataUrlOf } from "./data-location.ts";

/** Where a redirect goes: a path below the base path (query and hash kept), or a whole URL. */
export type MiddlewareRedirect = { readonly inSite: string } | { readonly elsewhere: string };

/** The redirect a data answer names, or null when it names none. */
export function middlewareRedirectOf(
  response: Response,
  basePath: string,
): MiddlewareRedirect | null {
  const destination = response.headers.get(MIDDLEWARE_REDIRECT_HEADER);
  if (destination === null) return null;
  const url = new URL(destination, location.href);
  const below = url.origin === location.origin ? stripBasePath(url.pathname, basePath) : null;
  return below === null ? { elsewhere: url.href } : { inSite: below + url.search + url.hash };
}

/**
 * Asks the site's middleware about `href` (base path included), a path no page
 * answers, through its data URL, as Next.js's client asks: the redirect it
 * answers with, or null (the path then loads as a document). Never throws.
 */
export async function askMiddleware(
  href: string,
  basePath: string,
  signal: AbortSignal,
): Promise<MiddlewareRedirect | null> {
  try {
    const url = new URL(href, location.href);
    const response = await fetch(nextDataUrlOf(null, url, basePath), {
      headers: { "x-nextjs-data": "1" },
      signal,
    });
    await response.body?.cancel();
    return middlewareRedirectOf(response, basePath);
  } catch {
    return null;
  }
}
