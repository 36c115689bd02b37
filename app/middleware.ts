import { redirect, type MiddlewareFunction } from "react-router";
import { requestInfo } from "./context.ts";
import { canonicalRedirect, isInternalPath } from "./routing/canonical-url.ts";

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
