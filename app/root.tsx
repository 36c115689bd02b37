import { memo, useContext } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  UNSAFE_DataRouterDataContext,
  useRouteError,
} from "react-router";
import type { Route } from "./+types/root";
import { HistoryNavigationFallback } from "./client/history-navigation.tsx";
import { LinkPrefetcher } from "./client/prefetch.tsx";
import { RESUME_NAVIGATION_SCRIPT } from "./client/route-load.ts";
import { ViewportHeightSync } from "./client/viewport-height.tsx";
import {
  ClientExceptionNotice,
  NotFoundPage,
  ServerErrorPage,
  StatusErrorPage,
} from "./components/error-pages.tsx";
import { SiteHeader } from "./components/site-header.tsx";
import { requestInfo } from "./context.ts";
import { useNonce } from "./nonce.ts";
import {
  basePathMiddleware,
  canonicalUrlMiddleware,
  routePatternMiddleware,
  siteRedirectMiddleware,
} from "./middleware.ts";
import {
  SiteInfoContext,
  useCanonicalOptions,
  useLocalePath,
  useRootData,
  useSiteInfoOf,
  type RootData,
} from "./root-data.ts";
import type { Locale } from "./routing/locale.ts";
// Inlined, not linked: the page's only stylesheet is small, and a linked one is
// the one request that stands between the document and its first paint.
import styles from "./app.css?inline";

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
  const { origin, trailingSlash, basePath, requestId, renderOnceRoutes } = requestInfo(
    context,
    request,
  );
  // Only when there is one: an empty string would share its place in the page's data
  // with an empty request id, so pages rendered once would differ from the rest.
  return { origin, trailingSlash, ...(basePath && { basePath }), requestId, renderOnceRoutes };
}

// Always re-run on navigation: the request id it returns must be that of the
// request the page (or its error page) came from, not of the first document.
export const shouldRevalidate = () => true;

/**
 * The document. React Router renders it again on every navigation (it reads the
 * location, and the root loader's data is new each time); it hands on only what
 * changes the document, to a part that renders again only when that does: a
 * click renders the page, not the frame around it (issue 34).
 */
export function Layout({ children }: { children: React.ReactNode }) {
  const { locale } = useLocalePath();
  const siteInfo = useSiteInfoOf(useRootData());
  const nonce = useNonce();
  return (
    <SiteInfoContext value={siteInfo}>
      <Document locale={locale} nonce={nonce}>
        {children}
      </Document>
    </SiteInfoContext>
  );
}

const Document = memo(function Document({
  locale,
  nonce,
  children,
}: {
  locale: Locale;
  nonce: string | undefined;
  children: React.ReactNode;
}) {
  const { basePath } = useCanonicalOptions();
  return (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* First thing on the page: after a failed route load, go on to its target. */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: RESUME_NAVIGATION_SCRIPT }} />
        <style>{styles}</style>
        <link rel="icon" href={`${basePath}/favicon.svg`} type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body>
        <SiteHeader locale={locale} />
        {children}
        <ViewportHeightSync />
        <HistoryNavigationFallback />
        <LinkPrefetcher />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
});

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const requestId = useRootData()?.requestId;
  const routerData = useContext(UNSAFE_DataRouterDataContext);

  if (isRouteErrorResponse(error)) {
    return error.status === 404 ? <NotFoundPage /> : <StatusErrorPage status={error.status} />;
  }
  // Errors from loaders, actions and the server render arrive in the router's
  // state (serialised with the page, or with the data of a navigation); an error
  // that is not there was thrown while rendering in the browser.
  const fromServer =
    typeof document === "undefined" || Object.values(routerData?.errors ?? {}).includes(error);
  return fromServer ? (
    <ServerErrorPage requestId={requestId} />
  ) : (
    <ClientExceptionNotice error={error} />
  );
}
