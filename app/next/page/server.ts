/**
 * The server's half of a Next.js page route (page-module.ts adds these to each
 * page): the `loader` that renders a document with the page's props, whether
 * it is rendered once, and the page's data at its data URL (`/_next/data/...`),
 * which the server's data step answers through the build's entry module.
 */
import { isEdgeRuntime } from "../edge-runtime.ts";
import { isbot } from "isbot";
import { serverPicksPage } from "./server-picks-page.ts";
import { data, redirect, type LoaderFunctionArgs } from "react-router";
import { requestInfo, type RequestInfo } from "../../context.ts";
import { stripBasePath, withBasePath } from "../../routing/base-path.ts";
import {
  DEFAULT_LOCALE,
  defaultLocaleOn,
  localeAndPathOf,
  pageLocaleOf,
  splitLocalePath,
} from "../../routing/locale.ts";
import { pageParams, pageRouteOf } from "../../routing/pages.ts";
import { TRAILING_SLASH } from "../../routing/canonical-url.ts";
import { searchWithout } from "../routing/query.ts";
import { siteApp } from "../site-files.ts";
import { customAppInitialProps } from "./initial-props.ts";
import {
  PAGE_LOCALES,
  pageLocalesOf,
  pageProps,
  staticPropsOutcome,
  type PagePropsOutcome,
} from "./props.ts";
import { keptByJson, staticPropsKey, type StaticOutcome } from "./prerendered.ts";
import type { DataFunctions, NextPageData, PageComponent, PageMeta, PageRequest } from "./types.ts";
import { errorPageData } from "./error-data.ts";
import type { NextDataAnswer, NextDataInput } from "./data-request.ts";

/** A page file's route as Next.js writes it (`blog/[slug].tsx` -> `/blog/[slug]`). */
export function patternOfFile(file: string): string {
  const route = pageRouteOf(file);
  if (typeof route === "string") throw new Error(route);
  return route.pattern;
}

/** The page's request from its URL (base path and locale prefix taken off). */
export function pageRequestOf(url: URL, pattern: string, basePath: string): PageRequest {
  const inner = stripBasePath(url.pathname, basePath) ?? url.pathname;
  const defaultLocale = defaultLocaleOn(url.host);
  const { locale, path } = splitLocalePath(inner, defaultLocale);
  const params = pageParams(pattern, path) ?? {};
  return {
    pattern,
    params,
    locale: pageLocaleOf(locale),
    ...(defaultLocale !== DEFAULT_LOCALE && { defaultLocale }),
    path,
    search: searchWithout(url.search, params),
    querySearch: url.search,
  };
}

/** The request of a page the site's rewrites() served for `askedFor` (below the base path, its locale prefix kept). */
function withAsked(request: PageRequest, askedFor: string | undefined): PageRequest {
  if (askedFor === undefined) return request;
  const queryAt = askedFor.indexOf("?");
  const path = queryAt === -1 ? askedFor : askedFor.slice(0, queryAt);
  const search = queryAt === -1 ? "" : askedFor.slice(queryAt);
  return { ...request, asked: { path: localeAndPathOf(path).path, search } };
}

/** Where a redirect from a data function goes: below the base path unless it says `basePath: false`. */
function redirectLocation(
  outcome: Extract<PagePropsOutcome, { kind: "redirect" }>,
  basePath: string,
): string {
  const { destination } = outcome;
  if (!outcome.basePath || !destination.startsWith("/") || destination.startsWith("//")) {
    return destination;
  }
  return withBasePath(destination, basePath, TRAILING_SLASH === "always");
}

/** Thrown from a loader when the page's code has answered the request itself. */
const ANSWERED = 299;

/**
 * The route data of a page's document, or the answer that replaces it (thrown,
 * as React Router wants): the not-found page, a redirect, nothing at all.
 */
async function documentProps(
  outcome: PagePropsOutcome,
  info: RequestInfo,
  request: PageRequest,
): Promise<Pick<NextPageData, "props" | "fallback">> {
  switch (outcome.kind) {
    case "props":
      if (outcome.revalidate !== undefined) info.revalidate = outcome.revalidate;
      return { props: outcome.props };
    case "fallback":
      return { props: { pageProps: {} }, fallback: true };
    case "not-found":
      if (outcome.revalidate !== undefined) info.revalidate = outcome.revalidate;
      throw data(await errorPageData(404, { request, node: info.node }), { status: 404 });
    case "redirect":
      throw redirect(redirectLocation(outcome, info.basePath), outcome.status);
    case "sent":
      throw data(null, { status: ANSWERED });
  }
}

/**
 * Whether the page knew the query it was asked with when it rendered: with
 * server-side props or `getInitialProps`. Otherwise it rendered for every query
 * alike (as Next.js renders such pages at build time), and the router is ready
 * once the page is hydrated.
 */
function knowsQuery(page: PageComponent, meta: PageMeta): boolean {
  if (meta.data === "server-side") return true;
  return (
    meta.data === "initial" && (Boolean(page.getInitialProps) || customAppInitialProps(siteApp))
  );
}

/** The `loader` of a Next.js page's route. */
export function nextPageLoader(page: PageComponent, functions: DataFunctions, meta: PageMeta) {
  const pattern = patternOfFile(meta.file);
  return async function loader({ request, context }: LoaderFunctionArgs): Promise<NextPageData> {
    const info = requestInfo(context, request);
    // The direct answer ran this loader for this request already (app/direct/): its outcome, once.
    const replay = info.replayLoader;
    if (replay?.loader === loader) {
      info.replayLoader = undefined;
      if ("error" in replay.outcome) throw replay.outcome.error;
      return replay.outcome.value as NextPageData;
    }
    const pageRequest = withAsked(
      pageRequestOf(new URL(request.url), pattern, info.basePath),
      info.askedFor,
    );
    const userAgent = request.headers.get("user-agent");
    const outcome = await pageProps({
      App: siteApp,
      page,
      functions,
      meta,
      request: pageRequest,
      locales: pageLocalesOf(pageRequest),
      node: info.node,
      fallbackAllowed: !info.renderedOnce && !(userAgent !== null && isbot(userAgent)),
      revalidateReason: info.revalidateReason,
      preview: info.preview,
    });
    const found = await documentProps(outcome, info, pageRequest);
    return {
      ...found,
      ready: found.fallback ? false : knowsQuery(page, meta),
      ...(info.preview && { preview: true }),
    };
  };
}

/**
 * A page's action: none of its own. A form's POST (or any other method) to a
 * page renders it as a GET does, as Next.js does, its data functions told the
 * method (`req.method`) and given the body unread; a page rendered once is
 * rendered for that request alone, never kept.
 */
export const nextPageAction = (): null => null;

/**
 * Whether a page is rendered once: one with `getStaticProps`, or with no data
 * function and no `getInitialProps` (its own or `_app`'s), as Next.js renders
 * those at build time. Read at start-up (server/pages/render-once.ts).
 */
export function nextPageRendersOnce(
  page: PageComponent,
  meta: PageMeta,
  config?: unknown,
): boolean {
  if (meta.data === "server-side") return false;
  // A page for the Edge runtime is rendered per request, as Next.js renders it (never at build).
  if (isEdgeRuntime(config)) return false;
  if (meta.data === "static") return true;
  return !page.getInitialProps && !customAppInitialProps(siteApp);
}

const JSON_TYPE = "application/json; charset=utf-8";
/** What Next.js sends with the data of a page rendered per request. */
const NO_STORE = "private, no-cache, no-store, max-age=0, must-revalidate";

/**
 * The data of a page for a client navigation: `{ pageProps, __N_SSP | __N_SSG }`,
 * `{ notFound: true }` with a 404, a redirect as `__N_REDIRECT`; null when the
 * page's code answered the request itself. A page without server data (no
 * `getServerSideProps` nor `getStaticProps`) has none: 404, as in Next.js.
 */
export async function nextDataAnswer(input: NextDataInput): Promise<NextDataAnswer | null> {
  const { module, request, node } = input;
  const handle = (module.handle as { next?: { page: PageComponent; meta: PageMeta } } | undefined)
    ?.next;
  // With a middleware or rewrites, the client asks a page with no server data for
  // its data URL too, so the server picks the click's page (server-picks-page.ts).
  if (handle?.meta.data === "initial" && serverPicksPage) {
    return {
      status: 200,
      headers: { "content-type": JSON_TYPE, "cache-control": NO_STORE },
      body: "{}",
    };
  }
  if (!handle || handle.meta.data === "initial") {
    return {
      status: 404,
      headers: { "content-type": "text/plain; charset=utf-8" },
      body: "Not Found\n",
    };
  }
  const { page, meta } = handle;
  const outcome = await pageProps({
    App: siteApp,
    page,
    functions: module as DataFunctions,
    meta,
    request,
    locales: pageLocalesOf(request),
    node,
    revalidateReason: input.revalidateReason,
    preview: input.preview,
  });
  const kind = {
    ...(meta.data === "server-side" ? { __N_SSP: true } : { __N_SSG: true }),
    ...(input.preview && { __N_PREVIEW: true }),
  };
  // Rendered for this request: in preview, a getStaticProps page's data too.
  const headers = {
    "content-type": JSON_TYPE,
    ...((meta.data === "server-side" || input.preview) && { "cache-control": NO_STORE }),
  };
  switch (outcome.kind) {
    case "sent":
      return null;
    case "not-found":
      return {
        status: 404,
        headers,
        body: JSON.stringify({ notFound: true }),
        ...(outcome.revalidate !== undefined && { revalidate: outcome.revalidate }),
      };
    case "redirect":
      return {
        status: 200,
        headers,
        body: JSON.stringify({
          pageProps: {
            __N_REDIRECT: outcome.destination,
            __N_REDIRECT_STATUS: outcome.status,
            ...(!outcome.basePath && { __N_REDIRECT_BASE_PATH: false }),
          },
          ...kind,
        }),
      };
    case "fallback":
    case "props": {
      const props = outcome.kind === "props" ? outcome.props : { pageProps: {} };
      return {
        status: 200,
        headers,
        body: JSON.stringify({ ...props, ...kind }),
        ...(outcome.kind === "props" &&
          outcome.revalidate !== undefined && { revalidate: outcome.revalidate }),
      };
    }
  }
}

/**
 * A getStaticProps page's outcome at build, for the build's record
 * (server/static-pages/): null for a page of another kind, or an outcome JSON
 * would not keep whole. Throws what getStaticProps throws.
 */
export async function nextStaticProps(
  input: NextDataInput,
): Promise<{ key: string; outcome: StaticOutcome } | null> {
  const handle = (input.module.handle as { next?: { meta: PageMeta } } | undefined)?.next;
  if (handle?.meta.data !== "static") return null;
  const { request } = input;
  const outcome = await staticPropsOutcome({
    functions: input.module as DataFunctions,
    request,
    locales: PAGE_LOCALES,
    revalidateReason: "build",
  });
  if (outcome.kind !== "props" && outcome.kind !== "not-found" && outcome.kind !== "redirect") {
    return null;
  }
  if (!keptByJson(outcome)) return null;
  return { key: staticPropsKey(request.pattern, request.locale, request.params), outcome };
}
