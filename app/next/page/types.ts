/**
 * What the shell's page runtime passes around: a Next.js page's component and
 * data functions, and the data its route carries to the browser.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { ComponentType } from "react";
import type { NextQuery } from "../routing/query.ts";

/** Where a page's props come from: its data function, or its getInitialProps. */
export type PageData = "server-side" | "static" | "initial";

/** What the module added to a page knows of it, the same on the server and in the browser. */
export interface PageMeta {
  /** The file, relative to the pages folder: `blog/[slug].tsx`. */
  readonly file: string;
  readonly data: PageData;
}
export type { PageRequest } from "./data-request.ts";

/** `getInitialProps`'s context, as Next.js gives it (req and res on the server only). */
export interface NextPageContext {
  req?: IncomingMessage & { cookies?: Record<string, string> };
  res?: ServerResponse;
  err?: (Error & { statusCode?: number }) | null;
  pathname: string;
  query: NextQuery;
  asPath?: string;
  locale?: string;
  locales?: readonly string[];
  defaultLocale?: string;
  AppTree: ComponentType<Record<string, unknown>>;
}

/** A page component, with the static Next.js reads. */
export type PageComponent = ComponentType<Record<string, unknown>> & {
  getInitialProps?: (context: NextPageContext) => unknown;
};

/** `_app`'s component, with the static Next.js reads. */
export type AppComponent = ComponentType<Record<string, unknown>> & {
  getInitialProps?: (context: {
    Component: PageComponent;
    router: unknown;
    ctx: NextPageContext;
    AppTree: ComponentType<Record<string, unknown>>;
  }) => unknown;
};

/** A page module's data functions, as it exports them (server only). */
export interface DataFunctions {
  readonly getServerSideProps?: (context: never) => unknown;
  readonly getStaticProps?: (context: never) => unknown;
  readonly getStaticPaths?: (context: never) => unknown;
}

/** What `_app` gets besides `Component` and `router`: `pageProps`, and what its `getInitialProps` adds. */
export type AppProps = { pageProps: Record<string, unknown> } & Record<string, unknown>;

/** A Next.js page route's data: what its loader and client loader return. */
export interface NextPageData {
  readonly props: AppProps;
  /**
   * The router knew the query when the page rendered (server-side props or
   * `getInitialProps`): `isReady` from the start. Otherwise the page was
   * rendered for every query alike, and the router is ready once hydrated.
   */
  readonly ready: boolean;
  /** The fallback of a path `getStaticPaths` did not list (`fallback: true`): its data comes next. */
  readonly fallback?: true;
  /** Rendered in preview or draft mode: `router.isPreview`, `__NEXT_DATA__.isPreview`. */
  readonly preview?: true;
}

/** What `handle` carries for a Next.js page: its component, and what the shell knows of it. */
export interface NextPageHandle {
  readonly next: {
    readonly page: PageComponent;
    readonly meta: PageMeta;
    /** The page's route as Next.js writes it: `/blog/[slug]`. */
    readonly pattern: string;
  };
}

export function nextPageOf(handle: unknown): NextPageHandle["next"] | null {
  return (handle as Partial<NextPageHandle> | undefined)?.next ?? null;
}

/**
 * What a client navigation's 404 carries (a page's data said `notFound`): the
 * page's route, which the router keeps on the not-found page, as Next.js's does.
 */
export interface ClientNotFound {
  readonly pattern: string;
}

/** `revalidate` as a data function returns it: seconds, or false for never. */
export type Revalidate = number | false;

export type PagePropsOutcome =
  | { readonly kind: "props"; readonly props: AppProps; readonly revalidate?: Revalidate }
  | { readonly kind: "not-found"; readonly revalidate?: Revalidate }
  | {
      readonly kind: "redirect";
      readonly destination: string;
      readonly status: number;
      /** False: `destination` is a whole path, without the base path put before it. */
      readonly basePath: boolean;
    }
  /** The fallback page of a path `getStaticPaths` did not list, while its props are made. */
  | { readonly kind: "fallback" }
  /** The page's code answered the request itself (`res.end()`): nothing more to send. */
  | { readonly kind: "sent" };
