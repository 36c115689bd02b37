/**
 * A page's data request and its answer: what the server's data step
 * (server/pages/next-data.ts) hands the build's runtime (server.ts) through
 * the entry module, and gets back. Types only, with nothing of React or Vite,
 * so the server's own compile reads them too.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RevalidateReason } from "../../context.ts";
import type { PageParams } from "../../routing/pages.ts";
import type { PreviewMode } from "../preview/mode.ts";

/** A page's request, as the shell's runtime sees it (server or browser). */
export interface PageRequest {
  readonly pattern: string;
  readonly params: PageParams;
  /** Null for a site without locales. */
  readonly locale: string | null;
  /** The path without base path and locale prefix, as requested (percent-encoded). */
  readonly path: string;
  /** `?x=1`, or "". */
  readonly search: string;
  /**
   * The locale served unprefixed on the request's host, when a locale domain
   * (`i18n.domains`) makes it other than the site's default.
   */
  readonly defaultLocale?: string;
  /**
   * The search the query is read from, when not `search`: a data URL's whole
   * query, the page's parameters in it where its client put them, so the
   * query's keys come in Next.js's order.
   */
  readonly querySearch?: string;
  /**
   * Set when the site's `rewrites()` served this page for another URL: that
   * URL's path (without base path and locale prefix) and query. Next.js gives it
   * as `req.url` and `asPath`, and keeps its query in `resolvedUrl`.
   */
  readonly asked?: { readonly path: string; readonly search: string };
  /**
   * What `req.url` says when it is not the page's URL: a data request's own
   * URL as asked (`/_next/data/<build>/fr/p/1.json?x=1`, without base path),
   * which Next.js gives `_app`'s `getInitialProps` and `getServerSideProps`.
   */
  readonly requestUrl?: string;
}

export interface NextDataInput {
  /** The page's route module, as the server build holds it. */
  readonly module: Record<string, unknown>;
  readonly request: PageRequest;
  readonly node?: { readonly req: IncomingMessage; readonly res: ServerResponse };
  readonly revalidateReason?: RevalidateReason;
  /** Preview or draft mode (server/steps/preview/): rendered for this request alone. */
  readonly preview?: PreviewMode;
}

/** A page's answer at its data URL, as Next.js's server gives it. */
export interface NextDataAnswer {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: string;
  /** `getStaticProps`' `revalidate`, for the answer kept with the page's. */
  readonly revalidate?: number | false;
}
