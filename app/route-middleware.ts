import { data, redirect, type MiddlewareFunction } from "react-router";
import { requestInfo } from "./context.ts";
import { stripBasePath } from "./routing/base-path.ts";
import { canonicalRedirect, isInternalPath } from "./routing/canonical-url.ts";
import { defaultLocaleOn } from "./routing/locale.ts";
import { redirectFor } from "./routing/redirects/rules.ts";
import { SITE_REDIRECTS } from "./routing/redirects/site.ts";

/**
 * A request outside the base path gets the not-found page: one our server
 * marked so (React Router renders nothing for a path outside its basename, so
 * the server hands it the path below the base), or, under another adapter, one
 * React Router matched only because it compares its basename without regard to
 * case. The base path is matched as written, as Next.js does: `/SHOP/about` is
 * not `/shop/about`'s page.
 */
export const basePathMiddleware: MiddlewareFunction<Response> = ({ request, url, context }) => {
  const { basePath, outsideBasePath } = requestInfo(context, request);
  if (outsideBasePath || stripBasePath(url.pathname, basePath) === null)
    throw data(null, { status: 404 });
};

/**
 * The site's own redirects (site.config.ts) for client navigations, which arrive
 * as data requests: the same rules as the server's step for documents, thrown as
 * a redirect the React Router client follows (to another origin by a document
 * load). Before the canonical rule: a rule matches any slash style, in one hop.
 */
export const siteRedirectMiddleware: MiddlewareFunction<Response> = ({ request, url, context }) => {
  const { trailingSlash, basePath, redirectsChecked } = requestInfo(context, request);
  if (redirectsChecked) return;
  if (isInternalPath(stripBasePath(url.pathname, basePath) ?? url.pathname)) return;
  const { redirect: found } = redirectFor(
    SITE_REDIRECTS,
    {
      path: url.pathname,
      search: url.search,
      header: (name) => request.headers.get(name) ?? undefined,
      defaultLocale: defaultLocaleOn(url.host),
    },
    { trailingSlash, basePath },
  );
  if (found === null) return;
  // React Router's client puts its basename before a path; a rule with
  // `basePath: false` names a whole path, so it is sent as a URL (a document load).
  const whole = basePath !== "" && SITE_REDIRECTS.rules[found.rule]!.rule.basePath === false;
  const location =
    whole && found.location.startsWith("/") ? url.origin + found.location : found.location;
  throw redirect(location, found.status);
};

/**
 * Client navigations to a non-canonical URL (`<Link to="/about/">`) arrive here as
 * data requests, which the server pipeline must not redirect with a plain 3xx.
 * Thrown from middleware, the redirect is encoded so the React Router client
 * follows it without a full page load. Document requests were already
 * redirected by the server, by the same rule.
 */
export const canonicalUrlMiddleware: MiddlewareFunction<Response> = ({ request, url, context }) => {
  const { trailingSlash, basePath, redirectsChecked } = requestInfo(context, request);
  if (redirectsChecked) return;
  // Internal paths are never redirected, here as in the server (`/__manifest`
  // reaches the routes now that the whole manifest ships as an asset).
  if (isInternalPath(stripBasePath(url.pathname, basePath) ?? url.pathname)) return;
  const target = canonicalRedirect(url.pathname, url.search, { trailingSlash, basePath });
  if (target !== null) throw redirect(target, 308);
};

/** Records which route pattern answered, for the server's access log. */
export const routePatternMiddleware: MiddlewareFunction<Response> = ({
  request,
  pattern,
  context,
}) => {
  // React Router joins the matched paths without the root's slash: "blog/:slug".
  requestInfo(context, request).routePattern = pattern.startsWith("/") ? pattern : `/${pattern}`;
};
