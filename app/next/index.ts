/**
 * `next`: the types a team's pages and data functions are written with, for
 * TypeScript. Nothing here runs: importing a value from `next` is a mistake
 * the build reports.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { ComponentType } from "react";
import type { NextPageContext } from "./page/types.ts";

export type { NextPageContext } from "./page/types.ts";
export type { AppProps, AppContext, AppInitialProps } from "./app.tsx";
export type { NextRouter } from "./router.tsx";
export type { NextApiHandler, NextApiRequest, NextApiResponse, PageConfig } from "./api-route.ts";

type ParsedUrlQuery = Record<string, string | string[] | undefined>;
// Next.js's own bound for a page's props: any object type, interfaces included.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Props = { [key: string]: any };
type PreviewData = string | false | object | undefined;

/** A page component, and its `getInitialProps`. */
export type NextPage<P = Record<string, unknown>, IP = P> = ComponentType<P> & {
  getInitialProps?: (context: NextPageContext) => IP | Promise<IP>;
};

export type Redirect =
  | { statusCode: 301 | 302 | 303 | 307 | 308; destination: string; basePath?: false }
  | { permanent: boolean; destination: string; basePath?: false };

export type GetServerSidePropsContext<Q extends ParsedUrlQuery = ParsedUrlQuery> = {
  req: IncomingMessage & { cookies: Partial<Record<string, string>> };
  res: ServerResponse;
  params?: Q;
  query: ParsedUrlQuery;
  preview?: boolean;
  previewData?: PreviewData;
  resolvedUrl: string;
  locale?: string;
  locales?: string[];
  defaultLocale?: string;
};

export type GetServerSidePropsResult<P> =
  { props: P | Promise<P> } | { redirect: Redirect } | { notFound: true };

export type GetServerSideProps<
  P extends Props = Props,
  Q extends ParsedUrlQuery = ParsedUrlQuery,
> = (context: GetServerSidePropsContext<Q>) => Promise<GetServerSidePropsResult<P>>;

export type GetStaticPropsContext<Q extends ParsedUrlQuery = ParsedUrlQuery> = {
  params?: Q;
  locale?: string;
  locales?: string[];
  defaultLocale?: string;
  revalidateReason?: "build" | "stale" | "on-demand";
};

export type GetStaticPropsResult<P> =
  | { props: P; revalidate?: number | boolean }
  | { redirect: Redirect; revalidate?: number | boolean }
  | { notFound: true; revalidate?: number | boolean };

export type GetStaticProps<P extends Props = Props, Q extends ParsedUrlQuery = ParsedUrlQuery> = (
  context: GetStaticPropsContext<Q>,
) => Promise<GetStaticPropsResult<P>> | GetStaticPropsResult<P>;

export type GetStaticPathsContext = { locales?: string[]; defaultLocale?: string };

export type GetStaticPathsResult<P extends ParsedUrlQuery = ParsedUrlQuery> = {
  paths: (string | { params: P; locale?: string })[];
  fallback: boolean | "blocking";
};

export type GetStaticPaths<P extends ParsedUrlQuery = ParsedUrlQuery> = (
  context: GetStaticPathsContext,
) => Promise<GetStaticPathsResult<P>> | GetStaticPathsResult<P>;

export type InferGetServerSidePropsType<T extends (args: never) => unknown> =
  Awaited<ReturnType<T>> extends infer R
    ? R extends { props: infer P }
      ? Awaited<P>
      : never
    : never;

export type InferGetStaticPropsType<T extends (args: never) => unknown> =
  Awaited<ReturnType<T>> extends infer R ? (R extends { props: infer P } ? P : never) : never;
