import { useContext } from "react";
import {
  isRouteErrorResponse,
  UNSAFE_DataRouterDataContext,
  useLocation,
  useRouteError,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import type { Route } from "./+types/root";
import { ClientExceptionNotice } from "./components/error-pages.tsx";
import { requestInfo } from "./context.ts";
import { useNonce } from "./nonce.ts";
import {
  basePathMiddleware,
  canonicalUrlMiddleware,
  routePatternMiddleware,
  siteRedirectMiddleware,
} from "./route-middleware.ts";
import { NextApp, NextDocument, NextErrorPage } from "./next/host.tsx";
import type { NextPageData } from "./next/page/types.ts";
import { isShallowNavigation } from "./next/router.tsx";
import { basePathOfBasename } from "./routing/base-path.ts";
import { canonicalRedirect, TRAILING_SLASH } from "./routing/canonical-url.ts";
import { splitLocalePath } from "./routing/locale.ts";
import { SiteInfoContext, useRootData, useSiteInfoOf, type RootData } from "./root-data.ts";
import { useSplitRender } from "./split-render/mode.ts";

export const middleware: Route.MiddlewareFunction[] = [
  routePatternMiddleware,
  basePathMiddleware,
  siteRedirectMiddleware,
  canonicalUrlMiddleware,
];

// Its loader reads only what a page rendered once may hold: the public origin
// and the configuration, and a request id that is empty in such a render.
export const renderOnce = true;

export function loader({ request, context }: Route.LoaderArgs): RootData {
  const info = requestInfo(context, request);
  const { origin, trailingSlash, basePath, requestId, renderOnceRoutes } = info;
  // Only when there is one: an empty string would share its place in the page's data
  // with an empty request id, so pages rendered once would differ from the rest.
  return {
    origin,
    trailingSlash,
    ...(basePath && { basePath }),
    requestId,
    renderOnceRoutes,
    ...(info.rewrittenTo !== undefined && {
      rewrittenTo: info.rewrittenTo,
      rewrittenFrom: info.rewrittenFrom,
    }),
  };
}

/**
 * Re-run on navigation: the request id it returns must be that of the request
 * the page (or its error page) came from, not of the first document. Not for a
 * page that loads its own data in the browser (a Next.js page, from its data
 * URL: one that fails loads the page as a document, with its own id), nor for
 * a shallow navigation (next/router's `shallow: true`), which loads nothing.
 */
export function shouldRevalidate(args: ShouldRevalidateFunctionArgs): boolean {
  if (isShallowNavigation(args)) return false;
  const { nextUrl } = args;
  // A URL that is not canonical (`/about/`) is redirected by the root's middleware,
  // which only a data request reaches: the contract's client-side slash rule.
  const basePath = basePathOfBasename(window.__reactRouterContext?.basename);
  const options = { trailingSlash: TRAILING_SLASH, basePath };
  if (canonicalRedirect(nextUrl.pathname, nextUrl.search, options) !== null) return true;
  const leaf = window.__reactRouterDataRouter?.match(nextUrl.pathname)?.at(-1);
  return !(leaf && window.__reactRouterManifest.routes[leaf.route.id]?.hasClientLoader);
}

/**
 * The document: the site's `_document` (or Next.js's default one). React Router
 * renders it again on every navigation (it reads the location, and the root
 * loader's data is new each time); it hands on only what changes the document,
 * to a part that renders again only when that does: a click renders the page,
 * not the frame around it (issue 34).
 */
export function Layout({ children }: { children: React.ReactNode }) {
  const siteInfo = useSiteInfoOf(useRootData());
  // Read here, above the context it provides: the page's host says the unprefixed locale.
  const { locale } = splitLocalePath(useLocation().pathname, siteInfo.defaultLocale);
  const nonce = useNonce();
  const document = (main: React.ReactNode) => (
    <NextDocument locale={locale} nonce={nonce}>
      {main}
    </NextDocument>
  );
  // The server's split render (docs/decisions/033): the page alone, or the document without it.
  const split = useSplitRender();
  return (
    <SiteInfoContext value={siteInfo}>
      {split ? split.layout(document, children) : document(children)}
    </SiteInfoContext>
  );
}

/** The page that matched, inside the site's `_app`. */
export default function App() {
  return <NextApp />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const requestId = useRootData()?.requestId;
  const routerData = useContext(UNSAFE_DataRouterDataContext);

  if (isRouteErrorResponse(error)) {
    return (
      <NextErrorPage
        status={error.status}
        data={error.data as NextPageData | undefined}
        requestId={requestId}
      />
    );
  }
  // Errors from loaders, actions and the server render arrive in the router's
  // state (serialised with the page, or with the data of a navigation); an error
  // that is not there was thrown while rendering in the browser.
  const fromServer =
    typeof document === "undefined" || Object.values(routerData?.errors ?? {}).includes(error);
  return fromServer ? (
    <NextErrorPage status={500} requestId={requestId} />
  ) : (
    <ClientExceptionNotice error={error} />
  );
}
