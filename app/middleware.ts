import { redirect, type MiddlewareFunction } from "react-router";
import { requestInfo } from "./context.ts";
import { canonicalRedirect, isInternalPath } from "./routing/canonical-url.ts";
import { redirectFor } from "./routing/redirects/rules.ts";
import { SITE_REDIRECTS } from "./routing/redirects/site.ts";

/**
 * The site's own redirects (site.config.ts) for client navigations, which arrive
 * as data requests: the same rules as the server's step for documents, thrown as
 * a redirect the React Router client follows (to another origin by a document
 * load). Before the canonical rule: a rule matches any slash style, in one hop.
 */
export const siteRedirectMiddleware: MiddlewareFunction<Response> = ({ request, url, context }) => {
  if (isInternalPath(url.pathname)) return;
  const { trailingSlash } = requestInfo(context, request);
  const { redirect: found } = redirectFor(
    SITE_REDIRECTS,
    {
      path: url.pathname,
      search: url.search,
      header: (name) => request.headers.get(name) ?? undefined,
    },
    { trailingSlash },
  );
  if (found) throw redirect(found.location, found.status);
};

/**
 * Client navigations to a non-canonical URL (`<Link to="/about/">`) arrive here as
 * data requests, which the server pipeline must not redirect with a plain 3xx.
 * Thrown from middleware, the redirect is encoded so the React Router client
 * follows it without a full page load. Document requests were already
 * redirected by the server, by the same rule.
 */
export const canonicalUrlMiddleware: MiddlewareFunction<Response> = ({ request, url, context }) => {
  // Internal paths are never redirected, here as in the server (`/__manifest`
  // reaches the routes now that the whole manifest ships as an asset).
  if (isInternalPath(url.pathname)) return;
  const { trailingSlash } = requestInfo(context, request);
  const target = canonicalRedirect(url.pathname, url.search, { trailingSlash });
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
