/**
 * Where the site's Next.js files meet React Router's root route (app/root.tsx):
 *
 * - `NextDocument`: the site's `_document` (or Next.js's default document),
 *   around whatever the root renders;
 * - `NextApp`: the site's `_app` (or Next.js's default), given the page that
 *   matched (its component, from the route's `handle`, and its props, from the
 *   route's data), the router, and the head store every `next/head` feeds;
 * - `NextErrorPage`: the same `_app` around the page that answers an error.
 *
 * `_app` stays mounted across navigations, as in Next.js: only `Component`
 * and its props change. A React Router route module (no `handle.next`) renders
 * inside `_app` too, through its outlet.
 */
import {
  memo,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ComponentType,
  type ReactNode,
} from "react";
import { Outlet, UNSAFE_DataRouterContext, useLocation } from "react-router";
import { RouteAnnouncer } from "./route-announcer.tsx";
import { useRootData, useSiteInfo } from "../root-data.ts";
import { stripBasePath } from "../routing/base-path.ts";
import {
  LOCALE_DOMAINS,
  PAGE_LOCALES,
  pageLocaleFields,
  pageLocalesOn,
  pageLocaleOf,
  splitLocalePath,
  type Locale,
} from "../routing/locale.ts";
import { pageParams, pageRouteOfId } from "../routing/pages.ts";
import DefaultApp from "./app.tsx";
import DefaultDocument, { DocumentPartsContext } from "./document.tsx";
import { HeadElements, HeadStore, HeadStoreContext } from "./head.tsx";
import { LinkSettingsContext, type LinkSettings } from "./link.tsx";
import { errorPageOf } from "./page/error-page.ts";
import { nextPageOf, type AppProps, type ClientNotFound, type NextPageData } from "./page/types.ts";
import { nextQuery } from "./routing/query.ts";
import {
  createRouter,
  followNavigations,
  querySearchOf,
  routeRendered,
  routerReady,
  RouterContext,
  type RouterFields,
} from "./router.tsx";
import { siteFiles } from "./site-files.ts";

const SiteApp = (siteFiles.app?.default ?? DefaultApp) as ComponentType<Record<string, unknown>>;
const SiteDocument = (siteFiles.document?.default ?? DefaultDocument) as ComponentType<
  Record<string, unknown>
>;

/** False while the page hydrates, true ever after: what the router knows once the browser has it. */
const noSubscription = () => () => {};
function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/** A React Router route module's page, rendered where `_app` puts its `Component`. */
function RouteModulePage() {
  return <Outlet />;
}

interface AppFrameProps {
  Component: ComponentType<Record<string, unknown>>;
  /** The page's route as Next.js writes it (`/blog/[slug]`, `/404`), for `router.pathname`. */
  pattern: string;
  data: NextPageData | undefined;
}

/** `/fr/about?x=1` -> the path without its locale prefix, and the query. */
function splitPathAndQuery(target: string): { path: string; search: string } {
  const queryAt = target.indexOf("?");
  const pathname = queryAt === -1 ? target : target.slice(0, queryAt);
  return {
    // Only the path is kept: the locale a prefix names is the same on every host.
    path: splitLocalePath(pathname).path,
    search: queryAt === -1 ? "" : target.slice(queryAt),
  };
}

/** `_app` with a page, its props and the router, and the head every `<Head>` feeds. */
function AppFrame({ Component, pattern, data }: AppFrameProps) {
  const location = useLocation();
  const { options, defaultLocale, domain } = useSiteInfo();
  const { basePath } = options;
  const hydrated = useHydrated();
  const { locale, path } = splitLocalePath(location.pathname, defaultLocale);
  const ready = Boolean(data?.ready) || hydrated;
  const isFallback = data?.fallback === true;
  const isPreview = data?.preview === true;
  const params = useMemo(() => pageParams(pattern, path) ?? {}, [pattern, path]);
  const querySearch = querySearchOf(location.search, location.state);
  const query = useMemo(
    () => (ready ? nextQuery(querySearch, params) : { ...params }),
    [ready, querySearch, params],
  );
  // The URL shown, which a middleware's rewrite makes another than the page's own:
  // the masked location's in the browser, the request's on the server.
  const rewrittenFrom = useRootData()?.rewrittenFrom;
  const shown = location.mask
    ? {
        path: splitLocalePath(stripBasePath(location.mask.pathname, basePath) ?? "/").path,
        search: location.mask.search,
        hash: location.mask.hash,
      }
    : typeof window === "undefined" && rewrittenFrom !== undefined
      ? { ...splitPathAndQuery(rewrittenFrom), hash: "" }
      : { path, search: location.search, hash: location.hash };
  const asPath = shown.path + shown.search + (hydrated ? shown.hash : "");
  // What links read, and the router's locales: new only with the locale (or the
  // base path), not at every click.
  const linkSettings = useMemo<LinkSettings>(
    () => ({
      locale: pageLocaleOf(locale),
      defaultLocale: pageLocalesOn(defaultLocale).defaultLocale,
      locales: PAGE_LOCALES.locales ?? [],
      domain,
      basePath,
    }),
    [locale, defaultLocale, domain, basePath],
  );
  const router = useMemo(() => {
    const fields: RouterFields = {
      pathname: pattern,
      route: pattern,
      query,
      asPath,
      basePath,
      ...pageLocaleFields(locale, defaultLocale),
      domainLocales: LOCALE_DOMAINS.length > 0 ? [...LOCALE_DOMAINS] : undefined,
      isLocaleDomain: domain !== null,
      isFallback,
      isReady: ready,
      isPreview,
    };
    return createRouter(fields, linkSettings);
  }, [
    pattern,
    query,
    asPath,
    basePath,
    locale,
    defaultLocale,
    domain,
    isFallback,
    ready,
    isPreview,
    linkSettings,
  ]);
  const [store] = useState(() => new HeadStore());

  useEffect(() => {
    followNavigations();
    routerReady();
  }, []);
  // After the page a navigation committed has rendered: Next.js's routeChangeComplete.
  useEffect(() => routeRendered(), [location]);
  const { router: dataRouter } = useContext(UNSAFE_DataRouterContext)!;
  // A fallback page (getStaticPaths' fallback: true) asks for its data once it is in the browser.
  useEffect(() => {
    if (isFallback) void dataRouter.revalidate();
  }, [isFallback, dataRouter]);

  const props: AppProps = data?.props ?? { pageProps: {} };
  return (
    <RouterContext value={router}>
      <LinkSettingsContext value={linkSettings}>
        <HeadStoreContext value={store}>
          <SiteApp {...props} Component={Component} router={router} />
          <HeadElements store={store} />
          <RouteAnnouncer />
        </HeadStoreContext>
      </LinkSettingsContext>
    </RouterContext>
  );
}

/** The deepest route of the page shown: its id, its `handle` and its data. */
interface ShownRoute {
  readonly id: string | undefined;
  readonly handle: unknown;
  readonly data: unknown;
  readonly pathname: string | undefined;
}

const shownRoutes = new WeakMap<object, { state: object; route: ShownRoute }>();

/**
 * The route shown, from the router's state, as a value that changes only when
 * the page shown or its data does: not when a navigation starts, which a click
 * must not render the app for (decision 020). `useMatches()` renders its reader
 * at every change of the router's state.
 */
function useShownRoute(): ShownRoute {
  const { router } = useContext(UNSAFE_DataRouterContext)!;
  const read = (): ShownRoute => {
    const { matches, loaderData } = router.state;
    const kept = shownRoutes.get(router);
    if (kept && kept.state === matches && kept.route.data === loaderData[kept.route.id ?? ""]) {
      return kept.route;
    }
    const leaf = matches.at(-1);
    const route = {
      id: leaf?.route.id,
      handle: leaf?.route.handle,
      data: leaf ? loaderData[leaf.route.id] : undefined,
      pathname: leaf?.pathname,
    };
    shownRoutes.set(router, { state: matches, route });
    return route;
  };
  return useSyncExternalStore(router.subscribe, read, read);
}

/** The root route's component: the matched page inside `_app`. */
export function NextApp() {
  const leaf = useShownRoute();
  const { prefix } = splitLocalePath(useLocation().pathname);
  const next = nextPageOf(leaf.handle);
  if (next) {
    return (
      <AppFrame
        Component={next.page}
        pattern={next.pattern}
        data={leaf.data as NextPageData | undefined}
      />
    );
  }
  // A route module: its pages-folder route, or the path it matched (a fixture).
  const pattern = pageRouteOfId(leaf.id ?? "", prefix)?.pattern ?? leaf.pathname ?? "/";
  return <AppFrame Component={RouteModulePage} pattern={pattern} data={undefined} />;
}

/**
 * The page that answers an error status inside `_app`: the site's 404 or 500
 * page, or its `_error`, given `statusCode` (and, on a server error, the id of
 * the request's log line, as `requestId`).
 */
export function NextErrorPage({
  status,
  data,
  requestId,
}: {
  status: number;
  data?: NextPageData | undefined;
  requestId?: string | undefined;
}) {
  // `router.push("/_error", as)` names that page; any other error status picks its own.
  const named = (data as Partial<ClientNotFound> | undefined)?.pattern === "/_error";
  const errorPage = errorPageOf(status, named ? "/_error" : undefined);
  const { Component, kind } = errorPage;
  // After a client navigation, the router stays on the page asked for (Next.js's client does).
  const pattern = (data as Partial<ClientNotFound> | undefined)?.pattern ?? errorPage.pattern;
  const fromServer = data?.props;
  const pageProps = {
    ...(kind === "error" || kind === "default" ? { statusCode: status } : {}),
    ...fromServer?.pageProps,
    ...(status >= 500 && requestId && { requestId }),
  };
  return (
    <AppFrame
      Component={Component}
      pattern={pattern}
      data={{ props: { ...fromServer, pageProps }, ready: false }}
    />
  );
}

/** The site's `_document` around the page: what changes it is its locale and the response's nonce. */
export const NextDocument = memo(function NextDocument({
  locale,
  nonce,
  children,
}: {
  locale: Locale;
  nonce: string | undefined;
  children: ReactNode;
}) {
  // Without i18n, as in Next.js, the document is told of no locale (`<Html>` has no lang of its own).
  const pageLocale = pageLocaleOf(locale) ?? undefined;
  const parts = useMemo(
    () => ({ locale: pageLocale, nonce, main: children }),
    [pageLocale, nonce, children],
  );
  return (
    <DocumentPartsContext value={parts}>
      <SiteDocument locale={pageLocale} />
    </DocumentPartsContext>
  );
});
