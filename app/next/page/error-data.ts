/**
 * The props of the page that answers an error: the site's `404` page (with its
 * `getStaticProps`), `500` page, or `_error` (with its `getInitialProps`, given
 * the status as Next.js gives it), and `_app`'s own `getInitialProps`. Server
 * only: thrown with the 404 the loaders answer, and rendered by the root's
 * error boundary (error-page.ts picks the component).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { siteApp, siteFiles } from "../site-files.ts";
import { nextQuery } from "../routing/query.ts";
import { errorPageOf } from "./error-page.ts";
import { initialProps } from "./initial-props.ts";
import { localeFieldsOf, pageLocalesOf, readDataResult } from "./props.ts";
import type { NextPageContext, NextPageData, PageComponent, PageRequest } from "./types.ts";

export async function errorPageData(
  status: number,
  {
    request,
    node,
  }: {
    request: Pick<PageRequest, "locale" | "path" | "search" | "defaultLocale">;
    node?: { readonly req: IncomingMessage; readonly res: ServerResponse };
  },
): Promise<NextPageData> {
  const { Component, pattern, kind } = errorPageOf(status);
  // _error reads the status from the response, as Next.js hands it over.
  if (node) node.res.statusCode = status;
  const localeFields = localeFieldsOf(request.locale, pageLocalesOf(request));
  const ctx: NextPageContext = {
    req: node?.req,
    res: node?.res,
    err: null,
    pathname: pattern,
    query: nextQuery(request.search, {}),
    asPath: request.path + request.search,
    ...localeFields,
    AppTree: () => null,
  };
  const router = {
    pathname: pattern,
    route: pattern,
    query: ctx.query,
    asPath: ctx.asPath,
    ...localeFields,
  };
  const props = await initialProps(siteApp, Component as PageComponent, ctx, router);
  if (kind === "default" && !("statusCode" in props.pageProps)) {
    props.pageProps = { ...props.pageProps, statusCode: status };
  }
  const getStaticProps =
    kind === "notFound" || kind === "serverError" ? siteFiles[kind]?.getStaticProps : undefined;
  if (getStaticProps) {
    const outcome = await readDataResult(
      "getStaticProps",
      await (getStaticProps as (c: unknown) => unknown)({ ...localeFields }),
    );
    if (outcome.kind === "props") {
      props.pageProps = { ...props.pageProps, ...outcome.props.pageProps };
    }
  }
  return { props, ready: false };
}
