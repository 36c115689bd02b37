/**
 * `<script id="__NEXT_DATA__">` in the document (`<NextScript>` renders it),
 * and `window.__NEXT_DATA__` and `window.next` in the browser, as Next.js
 * gives them (page/next-data.ts says what it holds). Written by the server for
 * the page it rendered; the browser keeps that first page's, as Next.js's
 * client does, and its router as `window.next.router`.
 */
import { useContext } from "react";
import {
  isRouteErrorResponse,
  UNSAFE_DataRouterContext,
  UNSAFE_FrameworkContext,
  useLocation,
} from "react-router";
import { buildIdOfManifest } from "../routing/build-binding.ts";
import {
  LOCALE_DOMAINS,
  localeFieldsOf,
  pageLocaleOf,
  pageLocalesOn,
  splitLocalePath,
} from "../routing/locale.ts";
import { useSiteInfo } from "../root-data.ts";
import { pageParams } from "../routing/pages.ts";
import { customAppInitialProps } from "./page/initial-props.ts";
import { errorPageOf } from "./page/error-page.ts";
import { nextDataOf, scriptJson, type NextDataFacts } from "./page/next-data.ts";
import { nextPageOf, type NextPageData, type PageData } from "./page/types.ts";
import { nextQuery } from "./routing/query.ts";
import Router from "./router.tsx";
import { useSplitRender } from "../split-render/mode.ts";
import { siteApp, siteFiles } from "./site-files.ts";

export const NEXT_DATA_ID = "__NEXT_DATA__";

declare global {
  interface Window {
    /** Next.js's page data, as its client reads it (the first page's). */
    __NEXT_DATA__?: Record<string, unknown>;
    /** Next.js's client: its router. */
    next?: { router: typeof Router };
  }
}

/** What the server wrote, read once as the browser loads the shell's code. */
const written = typeof document === "undefined" ? null : document.getElementById(NEXT_DATA_ID);
if (written !== null && typeof window !== "undefined") {
  try {
    window.__NEXT_DATA__ = JSON.parse(written.textContent ?? "") as Record<string, unknown>;
  } catch {
    // Not ours to mend: a script of that id the site wrote itself.
  }
  window.next = { router: Router };
}

/** The facts of the page the server renders, from React Router's state. */
function useServerFacts(): NextDataFacts {
  const { router } = useContext(UNSAFE_DataRouterContext)!;
  const framework = useContext(UNSAFE_FrameworkContext);
  const location = useLocation();
  const { matches, loaderData, errors } = router.state;
  const { defaultLocale } = useSiteInfo();
  const { locale, path } = splitLocalePath(location.pathname, defaultLocale);
  const appGip = customAppInitialProps(siteApp);
  const common = {
    buildId: framework ? buildIdOfManifest(framework.manifest) : "",
    appGip,
    ...localeFieldsOf(pageLocaleOf(locale), pageLocalesOn(defaultLocale)),
    // As Next.js writes them: the config's list, on every host.
    ...(LOCALE_DOMAINS.length > 0 && { domainLocales: LOCALE_DOMAINS }),
  };
  const error = errors ? Object.values(errors)[0] : undefined;
  if (error !== undefined) {
    const status = isRouteErrorResponse(error) ? error.status : 500;
    const { Component, pattern, kind } = errorPageOf(status);
    const own = kind === "notFound" || kind === "serverError" ? siteFiles[kind] : undefined;
    const fromPage = isRouteErrorResponse(error)
      ? (error.data as Partial<NextPageData> | undefined)?.props
      : undefined;
    const gip = Boolean((Component as { getInitialProps?: unknown }).getInitialProps);
    return {
      ...common,
      page: pattern,
      props: fromPage ?? {
        pageProps: kind === "error" || kind === "default" ? { statusCode: status } : {},
      },
      data: own?.getStaticProps ? "static" : "initial",
      params: {},
      query: {},
      isFallback: false,
      gip,
      errorStatus: status,
    };
  }
  const leaf = matches.at(-1);
  const next = nextPageOf(leaf?.route.handle);
  const data = leaf ? (loaderData[leaf.route.id] as NextPageData | undefined) : undefined;
  const page = next?.pattern ?? leaf?.pathname ?? "/";
  const params = next ? (pageParams(next.pattern, path) ?? {}) : {};
  const kind: PageData = next?.meta.data ?? "initial";
  return {
    ...common,
    page,
    props: data?.props ?? { pageProps: {} },
    data: kind,
    params,
    query: nextQuery(location.search, params),
    isFallback: data?.fallback === true,
    isPreview: data?.preview === true,
    gip: Boolean(next?.page.getInitialProps),
  };
}

/**
 * The element's text: the server's, for the page it renders; in the browser,
 * what the server wrote, whatever the page shown since.
 */
export const useNextDataText: () => string =
  typeof document === "undefined"
    ? () => {
        const marker = useSplitRender()?.nextDataText;
        const facts = useServerFacts();
        // A template of the document (docs/decisions/033): the page's own is written per request.
        return marker ?? scriptJson(nextDataOf(facts));
      }
    : () => written?.textContent ?? "";

export function NextDataScript({ nonce }: { nonce: string | undefined }) {
  return (
    <script
      id={NEXT_DATA_ID}
      type="application/json"
      nonce={nonce}
      dangerouslySetInnerHTML={{ __html: useNextDataText() }}
    />
  );
}
