import type { IncomingMessage, ServerResponse } from "node:http";
import type { Readable } from "node:stream";
import { createContext, RouterContextProvider } from "react-router";
import site from "../site.config.ts";
import type { ImageEmbedder } from "./images.ts";
import type { PreviewMode } from "./next/preview/mode.ts";
import { TRAILING_SLASH, type TrailingSlash } from "./routing/canonical-url.ts";

/** Why a page rendered once is rendered (getStaticProps' `revalidateReason`). */
export type RevalidateReason = "build" | "stale" | "on-demand";

/** What the Node server tells the app about one request. */
export interface RequestInfo {
  /** The id in this request's log lines and on its error page. */
  readonly requestId: string;
  /** The public origin (`https://example.com`), for absolute URLs. */
  readonly origin: string;
  readonly trailingSlash: TrailingSlash;
  /** The sub-path the site is served under (`/shop`), or "": the server reads it from the build. */
  readonly basePath: string;
  /** Set when the request was outside the base path: it gets the not-found page, whatever it names. */
  readonly outsideBasePath?: boolean;
  /** Whether the test-only `/lab/*` routes answer (E2E_FIXTURES=1). */
  readonly fixtures: boolean;
  /**
   * True when the page is rendered once and served to every request for its
   * URL: it is rendered whole (no streaming placeholders), and `requestId` is
   * empty, since no single request's id belongs in it.
   */
  readonly renderedOnce: boolean;
  /**
   * The ids of the routes whose pages are rendered once (server/pages/render-once.ts),
   * separated by spaces, the same for every request of a build: told to the
   * browser, which prefetches those pages' route data. One string, not a list:
   * each value in a page's data costs its own serialisation, on every page.
   */
  readonly renderOnceRoutes: string;
  /**
   * The Content-Security-Policy nonce of this response, on every inline script;
   * absent when the page is rendered once (its policy lists hashes instead).
   */
  readonly nonce?: string;
  /**
   * Makes the `data:` URL of an image a page embeds (`<Image embed>`), with the
   * server's image optimizer; absent under another adapter: the page then keeps
   * that width's URL.
   */
  readonly embedImage?: ImageEmbedder;
  /**
   * Node's request and response, for a page rendered for this request by our
   * server: what a Next.js page's `getServerSideProps` and `getInitialProps`
   * are given. Absent when the page is rendered once, or under another adapter.
   */
  readonly node?: { readonly req: IncomingMessage; readonly res: ServerResponse };
  /**
   * Set by a Next.js page's loader when its `getStaticProps` says how long the
   * page may be kept (`revalidate`: seconds, or false for as long as the build
   * lives); read by the cache of pages rendered once.
   */
  revalidate?: number | false;
  /** Why a page rendered once is rendered: its first render, a stale page, or `POST /_revalidate`. */
  readonly revalidateReason?: RevalidateReason;
  /**
   * Next.js's preview or draft mode, which the request's cookies turn on
   * (server/steps/preview/): the page is rendered for it alone, and a Next.js
   * page's data functions are told.
   */
  readonly preview?: PreviewMode;
  /** Logs an error once, with the request id. */
  readonly reportError: (error: unknown) => void;
  /** Pages rendered per request may fill a document kept per route (app/split-render/; SPLIT_RENDER). */
  readonly splitRender?: boolean;
  /** A warning about this request's page that is not an error of the request (the log's `warn`). */
  readonly notice?: (fields: Record<string, unknown>, message: string) => void;
  /** Set by entry.server when the split render answered. */
  splitRendered?: boolean;
  /**
   * Set when the direct answer (app/direct/) ran the page's loader and handed the
   * request to React Router: the page's loader gives this outcome instead of
   * running again.
   */
  replayLoader?: LoaderReplay;
  /** Set when React Router's render is to be compared with a direct answer (app/direct/). */
  directExpected?: DirectExpected;
  /**
   * Set when the site's middleware rewrote the request: the URL path (base path
   * included) and query of the page rendered, which the browser shows under
   * another URL and hydrates as this one (app/next/document.tsx).
   */
  readonly rewrittenTo?: string;
  /** With `rewrittenTo`: the path (below the base path) and query the browser asked for and shows. */
  readonly rewrittenFrom?: string;
  /**
   * With `rewrittenTo`, when the site's `rewrites()` made it (not its
   * middleware): `rewrittenFrom`, which a Next.js page is then given as its
   * `req.url` and whose query its `resolvedUrl` keeps (app/next/page/props.ts).
   */
  readonly askedFor?: string;
  /**
   * Set when the server already asked the site's redirects and the canonical
   * rule about this request (a document's) before any rewrite: the root
   * middleware, which asks them for route data, does not ask again.
   */
  readonly redirectsChecked?: boolean;
  /** Set by the root middleware: the matched route pattern, for the access log. */
  routePattern?: string;
  /**
   * True when the server pipes `document.html` to the socket itself: the
   * document's Response then has no body of its own (a Web stream over the
   * HTML that nobody reads). Other adapters leave it unset and read the body.
   */
  readonly pipesDocument?: boolean;
  /**
   * Set by entry.server: the document it answered and the Node stream React
   * writes its HTML into, so our server can pipe that stream to the socket
   * without a round trip through a Web stream. Unless `pipesDocument`, the
   * Response's own body reads the same stream, lazily, for any other consumer.
   */
  document?: { readonly response: Response; readonly html: Readable };
}

/** What a page's loader did, handed to React Router's render of the same request (app/direct/). */
export interface LoaderReplay {
  readonly loader: unknown;
  readonly outcome: { readonly value: unknown } | { readonly error: unknown };
}

/** A direct answer still to be checked: React Router's render of the request must equal it (app/direct/). */
export interface DirectExpected {
  readonly key: string;
  readonly html: string;
  readonly routePattern: string;
}

const requestInfoContext = createContext<RequestInfo | null>(null);

/**
 * The server calls this (through the server build's entry module) rather than
 * building the context itself: the context key must be the very object the
 * route modules in the build were bundled with.
 */
export function createRequestContext(info: RequestInfo): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(requestInfoContext, info);
  return context;
}

/**
 * This request's info: the one our server provided, or, when the app runs under
 * another adapter (`react-router dev`, `react-router-serve`), one made from the
 * request with the defaults of an unconfigured server.
 */
export function requestInfo(
  context: Readonly<RouterContextProvider>,
  request: Request,
): RequestInfo {
  const provided = context.get(requestInfoContext);
  if (provided) return provided;
  const fallback: RequestInfo = {
    requestId: crypto.randomUUID().slice(0, 12),
    origin: new URL(request.url).origin,
    trailingSlash: TRAILING_SLASH,
    basePath: site.basePath,
    fixtures: false,
    renderedOnce: false,
    renderOnceRoutes: "",
    reportError: (error) => console.error(error),
  };
  (context as RouterContextProvider).set(requestInfoContext, fallback);
  return fallback;
}
