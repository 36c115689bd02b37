/**
 * The half of a Next.js page route that the browser runs too (page-module.ts
 * adds these to each page): its `handle` (the page's component and what the
 * shell knows of it), and its `clientLoader`, which loads the page's props on a
 * client navigation as Next.js's client does:
 *
 * - a page with server data (`getServerSideProps`, `getStaticProps`) fetches
 *   them from its data URL, `/_next/data/<buildId>/<locale>/<path>.json`, one
 *   request in flight per URL (data-fetch.ts): the build id binds them to this
 *   tab's build. `{ notFound: true }` shows the
 *   not-found page, `__N_REDIRECT` goes on to its destination, and anything
 *   else (another build's 404, a server error, no network) loads the target as
 *   a document (app/client/data-requests.ts, app/client/route-load.ts);
 * - a page with `getInitialProps` (its own, or `_app`'s) runs it in the browser;
 * - any other page has no props to load.
 *
 * With a middleware in the site, a page with no server data asks its data URL
 * too, as Next.js's client does, so the middleware runs for the click: the
 * server answers `{}`, or where the middleware redirects it to, which the
 * navigation follows in the page, or tells the browser to load the page as a
 * document when the middleware rewrites or answers it (app/client/data-requests.ts).
 */
import {
  data,
  redirect,
  type ClientLoaderFunctionArgs,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import { basePathOfBasename, stripBasePath } from "../../routing/base-path.ts";
import { defaultLocaleOn, pageLocaleFields, splitLocalePath } from "../../routing/locale.ts";
import { pageParams, pageRouteOf } from "../../routing/pages.ts";
import { replacedByDocument } from "../../client/route-load.ts";
import { isNotFoundData } from "../routing/data-url.ts";
import { nextQuery } from "../routing/query.ts";
import { nextDataUrlOf } from "./data-location.ts";
import { fetchPageData, takeHandedOver } from "./data-fetch.ts";
import { keepPageData } from "../../client/data-requests.ts";
import {
  isShallowNavigation,
  querySearchOf,
  showRewritten,
  type NextHistoryState,
} from "../router.tsx";
import { followMiddleware } from "./middleware-answer.ts";
import { siteApp } from "../site-files.ts";
import { initialProps, hasInitialProps } from "./initial-props.ts";
import { serverMayPickPage } from "./server-picks-page.ts";
import type {
  ClientNotFound,
  NextPageData,
  NextPageHandle,
  PageComponent,
  PageMeta,
} from "./types.ts";

function patternOf(file: string): string {
  const route = pageRouteOf(file);
  return typeof route === "string" ? "/" : route.pattern;
}

export function nextPageHandle(page: PageComponent, meta: PageMeta): NextPageHandle {
  return { next: { page, meta, pattern: patternOf(meta.file) } };
}

export function nextPageClientLoader(page: PageComponent, meta: PageMeta) {
  const pattern = patternOf(meta.file);
  return async function clientLoader({ request }: ClientLoaderFunctionArgs): Promise<NextPageData> {
    const url = new URL(request.url);
    const basePath = basePathOfBasename(window.__reactRouterContext?.basename);
    const shown = url.pathname + url.search + url.hash;
    const defaultLocale = defaultLocaleOn(url.host);
    const { locale, path } = splitLocalePath(
      stripBasePath(url.pathname, basePath) ?? url.pathname,
      defaultLocale,
    );
    const params = pageParams(pattern, path) ?? {};
    const query = nextQuery(url.search, params);

    // The navigation's history entry (React Router's pending location) orders the query.
    const pending = window.__reactRouterDataRouter?.state.navigation.location;
    // `router.push("/404", as)`: Next.js's error page under this URL, with its router there.
    const errorPage = (pending?.state as NextHistoryState | null | undefined)?.nextErrorPage;
    if (errorPage !== undefined) {
      throw data({ pattern: errorPage } satisfies ClientNotFound, { status: 404 });
    }
    const dataUrl = () =>
      nextDataUrlOf(pattern, url, basePath, querySearchOf(url.search, pending?.state));

    // The click's answer, when the server rewrote it to this page and answered for it.
    const handed = takeHandedOver(
      (stripBasePath(url.pathname, basePath) ?? url.pathname) + url.search,
    );

    if (meta.data === "initial") {
      if (handed !== null) {
        await handed.body?.cancel();
      } else if (serverMayPickPage(url.pathname, basePath)) {
        // Not cut off when this navigation gives way to the page rewritten to: that
        // page's loader reads this answer's body (handed over by followMiddleware).
        const response = await fetchPageData(dataUrl(), request.signal);
        const followed = followMiddleware(response, basePath, url, params, showRewritten);
        if (followed !== null) return followed;
        await response.body?.cancel();
        if (!response.ok) return replacedByDocument(shown, "failed-data");
      }
      if (!hasInitialProps(siteApp, page)) return { props: { pageProps: {} }, ready: true };
      const asPath = path + url.search;
      const localeFields = pageLocaleFields(locale, defaultLocale);
      const props = await initialProps(
        siteApp,
        page,
        { pathname: pattern, query, asPath, ...localeFields, AppTree: () => null },
        { pathname: pattern, route: pattern, query, asPath, ...localeFields },
      );
      return { props, ready: true };
    }

    const dataPath = dataUrl();
    const response = handed ?? (await fetchPageData(dataPath, request.signal));
    // A page rendered once: its data is kept for the next visit, as Next.js keeps it.
    if (meta.data === "static" && handed === null) keepPageData(dataPath, response);
    const followed = followMiddleware(response, basePath, url, params, showRewritten);
    if (followed !== null) return followed;
    if (response.status === 404 && (await isNotFoundData(response))) {
      // Next.js's client shows the 404 page with the router still on the page asked for.
      throw data({ pattern } satisfies ClientNotFound, { status: 404 });
    }
    if (!response.ok) return replacedByDocument(shown, "failed-data");
    const json = (await response.json()) as {
      pageProps?: Record<string, unknown>;
      __N_SSP?: true;
      __N_SSG?: true;
      __N_PREVIEW?: true;
    } & Record<string, unknown>;
    const { __N_SSP: _ssp, __N_SSG: _ssg, __N_PREVIEW: preview, ...props } = json;
    const destination = props.pageProps?.__N_REDIRECT;
    if (typeof destination === "string") {
      const status = Number(props.pageProps?.__N_REDIRECT_STATUS) || 307;
      const local = destination.startsWith("/") && !destination.startsWith("//");
      if (!local) throw redirect(destination, status);
      // React Router puts its base path before a path; one that says basePath: false is whole.
      if (props.pageProps?.__N_REDIRECT_BASE_PATH === false) {
        throw redirect(new URL(destination, location.origin).href, status);
      }
      throw redirect(destination, status);
    }
    return {
      props: { ...props, pageProps: props.pageProps ?? {} },
      ready: true,
      ...(preview === true && { preview: true }),
    };
  };
}

/** A shallow navigation (`router.push(url, as, { shallow: true })`) loads nothing. */
export function nextPageShouldRevalidate(args: ShouldRevalidateFunctionArgs): boolean {
  if (isShallowNavigation(args)) return false;
  return args.defaultShouldRevalidate;
}
