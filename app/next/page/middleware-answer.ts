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
import { redirect } from "react-router";
import { stripBasePath } from "../../routing/base-path.ts";
import type { PageParams } from "../../routing/pages.ts";
import { canonicalRedirect, TRAILING_SLASH } from "../../routing/canonical-url.ts";
import { MIDDLEWARE_REDIRECT_HEADER, MIDDLEWARE_REWRITE_HEADER } from "../routing/data-url.ts";
import { nextDataUrlOf } from "./data-location.ts";
import { handOverPageData } from "./data-fetch.ts";

/** What the middleware did: paths below the base path (query and hash kept), or a whole URL. */
export type MiddlewareAnswer =
  | { readonly redirect: string }
  | { readonly redirectElsewhere: string }
  | { readonly rewrite: string };

/**
 * A path below the base path (query and hash kept) in the site's canonical
 * form (its slash style): a masked navigation to any other form would be
 * redirected to it by the root's canonical rule, and lose its mask.
 */
export function canonicalPagePath(path: string): string {
  const url = new URL(path, "http://site.invalid");
  const fixed = canonicalRedirect(url.pathname, url.search, {
    trailingSlash: TRAILING_SLASH,
    basePath: "",
  });
  return (fixed ?? url.pathname + url.search) + url.hash;
}

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
    const answer = middlewareAnswerOf(response, basePath);
    // A rewrite's answer holds the data of the page rewritten to: its loader takes it.
    if (answer !== null && "rewrite" in answer) {
      handOverPageData(canonicalPagePath(answer.rewrite).split("#", 1)[0]!, response);
    } else {
      await response.body?.cancel();
    }
    return answer;
  } catch {
    return null;
  }
}

/**
 * Goes on where a page's data answer says the middleware (or a rewrites()
 * rule) sent the navigation to `asked` (a page with `params`): a redirect is
 * React Router's (thrown, as a loader throws it; a whole URL loads as a
 * document), a rewrite shows that page under `asked`. Still the one
 * navigation: its route-load timeout runs on from the click
 * (app/client/route-load.ts), and what does not load in time loads the URL
 * asked for as a document, which the server answers again. Null when the
 * answer says neither.
 */
export function followMiddleware(
  response: Response,
  basePath: string,
  asked: URL,
  params: PageParams,
  showRewritten: (page: string, asked: string) => Promise<never>,
): Promise<never> | null {
  const answer = middlewareAnswerOf(response, basePath);
  if (answer === null) return null;
  // React Router puts its base path before a path.
  if ("redirect" in answer) throw redirect(answer.redirect);
  if ("redirectElsewhere" in answer) throw redirect(answer.redirectElsewhere);
  // The data URL carried this page's parameters in its query, which the rewrite kept:
  // not the URL asked for's, nor the page rewritten to's.
  const page = new URL(answer.rewrite, asked);
  for (const name of Object.keys(params)) {
    if (!asked.searchParams.has(name)) page.searchParams.delete(name);
  }
  const shown =
    (stripBasePath(asked.pathname, basePath) ?? asked.pathname) + asked.search + asked.hash;
  const target = canonicalPagePath(page.pathname + page.search + page.hash);
  // The answer holds that page's data already (the server answered for it): its loader takes it.
  handOverPageData(target.split("#", 1)[0]!, response);
  return showRewritten(target, canonicalPagePath(shown));
}
