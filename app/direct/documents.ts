/**
 * The direct answer of a page rendered per request (docs/decisions/034): once
 * a route's split render is trusted (app/split-render/), its document request
 * no longer goes through React Router's request handler. The route is matched
 * with React Router's own matcher, the root's and the page's loaders are called
 * as React Router calls them, the handoff is written as React Router writes it
 * (turbo-stream.ts), and the page is rendered alone into the route's template,
 * in a context made from one React Router gave that route.
 *
 * Nothing is served before it was checked: a route's first direct answers are
 * handed to React Router as well, which renders the request again from the
 * same loader outcome (replayed, not asked again: a page's data function runs
 * once per request) and must give the same status, no headers of its own, the
 * same route pattern and the same document, byte for byte. Only after
 * `CHECKS_BEFORE_TRUST` such answers are direct ones served, and one in every
 * `CHECK_EVERY` is checked again. A route whose answers differ is answered
 * through React Router from then on, and named once in the log. Any request
 * the direct answer cannot give as React Router would (a loader that throws,
 * redirects, answers itself or returns what is not plain data; a page that
 * fails or waits when rendered alone) goes through React Router, with the
 * page's loader outcome replayed.
 */
import type { EntryContext, LoaderFunctionArgs, RouterContextProvider } from "react-router";
import type { DirectExpected, LoaderReplay, RequestInfo } from "../context.ts";

export type { DirectExpected };
import { stripBasePath } from "../routing/base-path.ts";
import { handoffMarkup } from "../split-render/template.ts";
import { plainTurboStream } from "./turbo-stream.ts";

/** Answers checked against React Router's before a route's direct ones are served. */
export const CHECKS_BEFORE_TRUST = 2;
/** After that, one direct answer in this many is checked again. */
export const CHECK_EVERY = 1000;
/** Routes × locales kept; the least recently asked is dropped past this. */
const MAX_ROUTES = 1000;

type Loader = (args: LoaderFunctionArgs) => unknown;

/** The server build's route modules, by route id (ServerBuild["routes"]). */
export type ServerRoutes = Readonly<
  Record<
    string,
    { readonly module: { readonly loader?: unknown; readonly middleware?: unknown } } | undefined
  >
>;

export interface DirectAnswer {
  readonly html: string;
  readonly routePattern: string;
}

type Context = EntryContext["staticHandlerContext"];
type Location = Context["location"];
type Matches = Context["matches"];
/** React Router's matcher, kept on its handler's context (`_match`), as its static router reads it. */
type Matcher = (location: Location) => Matches | null;

type Known =
  | { readonly context: EntryContext; checked: number; answered: number }
  | { readonly refused: true };

export interface DirectOptions {
  /** The split render's key of a route (its id) for this request, as app/entry.server.tsx makes it. */
  keyOf(leafId: string, info: RequestInfo): string;
  /** Whether a route is a Next.js page's (the only ones the split render serves). */
  isPage(handle: unknown): boolean;
  /** The page's document from the route's trusted template, or null. */
  renderPage(
    key: string,
    context: EntryContext,
    request: Request,
    info: RequestInfo,
    handoff: string,
  ): Promise<string | null>;
  /** Told once per route whose direct answers are refused. */
  refused(info: RequestInfo, key: string, reason: string): void;
}

/** React Router's route pattern of the matched routes (`getRoutePattern`), with the leading slash. */
function routePatternOf(matches: Matches): string {
  const joined = matches
    .map((match) => match.route.path)
    .filter(Boolean)
    .join("/")
    .replace(/\/\/+/g, "/");
  return joined.startsWith("/") ? joined : `/${joined}`;
}

/** A context for React Router's render kept for a route: none of the request's data in it. */
function kept(context: EntryContext): EntryContext {
  const handler = context.staticHandlerContext;
  return {
    ...context,
    staticHandlerContext: {
      ...handler,
      matches: [],
      loaderData: {},
      actionData: null,
      errors: null,
      loaderHeaders: {},
      actionHeaders: {},
    },
    serverHandoffStream: undefined,
    renderMeta: {},
  };
}

export function createDirectDocuments(options: DirectOptions) {
  const routes = new Map<string, Known>();
  let match: Matcher | null = null;

  const keep = (key: string, known: Known) => {
    routes.delete(key);
    routes.set(key, known);
    if (routes.size > MAX_ROUTES) routes.delete(routes.keys().next().value!);
  };

  return {
    /**
     * React Router answered `key` with a split render it trusts: its context is
     * kept, and the route's next answers are given directly (checked first).
     */
    learn(key: string, context: EntryContext): void {
      match ??= (context.staticHandlerContext as { _match?: Matcher })._match ?? null;
      if (match !== null && !routes.has(key))
        keep(key, { context: kept(context), checked: 0, answered: 0 });
    },

    /**
     * React Router's render of a request the direct answer expected `expected`
     * of: `key`, `html` and `routePattern` as React Router made them (html null:
     * not a split answer), `ownHeaders` whether its routes set any header.
     */
    check(
      info: RequestInfo,
      expected: DirectExpected,
      actual: {
        key: string | null;
        html: string | null;
        routePattern?: string;
        status: number;
        ownHeaders: boolean;
      },
    ): void {
      const known = routes.get(expected.key);
      if (known === undefined || "refused" in known) return;
      const reason =
        actual.status !== 200
          ? `React Router answered ${actual.status}`
          : actual.ownHeaders
            ? "its routes set headers"
            : actual.key !== expected.key
              ? "React Router matched another route"
              : actual.routePattern !== expected.routePattern
                ? "React Router matched another route pattern"
                : actual.html === null
                  ? "React Router rendered it whole"
                  : actual.html !== expected.html
                    ? `its document differs from React Router's at character ${firstDifference(actual.html, expected.html)}`
                    : null;
      if (reason === null) {
        known.checked++;
        return;
      }
      keep(expected.key, { refused: true });
      options.refused(info, expected.key, reason);
    },

    /**
     * The page's document for this request, answered directly; or null: React
     * Router answers it, with `info.replayLoader` set when the page's loader ran
     * here and `info.directExpected` when this answer is to be checked.
     */
    async answer(
      request: Request,
      context: RouterContextProvider,
      info: RequestInfo,
      serverRoutes: ServerRoutes,
    ): Promise<DirectAnswer | null> {
      if (match === null || !eligible(request, info)) return null;
      const url = new URL(request.url);
      const { pathname } = url;
      if (pathname.endsWith(".data") || stripBasePath(pathname, info.basePath) === null)
        return null;
      let search = "";
      if (url.search !== "") {
        const params = new URLSearchParams(url.search);
        // React Router hands its loaders another request for these.
        if (params.has("index") || params.has("_routes")) return null;
        search = params.toString();
        if (search !== "") search = `?${search}`;
      }
      const matches = match({
        pathname,
        search,
        hash: "",
        state: null,
        key: "default",
      } as Location);
      const leaf = matches?.at(-1)?.route;
      if (!matches || !leaf || !options.isPage(leaf.handle)) return null;
      const key = options.keyOf(leaf.id, info);
      const known = routes.get(key);
      if (known === undefined || "refused" in known) return null;

      const loaders: Loader[] = [];
      for (const [i, { route }] of matches.entries()) {
        const module = serverRoutes[route.id]?.module;
        // The root's middleware does nothing more for a document the server checked
        // (redirectsChecked); any other route's might.
        if (typeof module?.loader !== "function" || (i > 0 && module.middleware !== undefined)) {
          return null;
        }
        loaders.push(module.loader as Loader);
      }
      const routePattern = routePatternOf(matches);
      const dataUrl = new URL(url);
      dataUrl.search = search;
      dataUrl.hash = "";
      const args = {
        request,
        url: dataUrl,
        pattern: routePattern,
        params: matches[0]!.params,
        context,
      } as unknown as LoaderFunctionArgs;

      const loaderData: Record<string, unknown> = {};
      // The routes above the page: pure of the request's info (the root's); React Router calls them again.
      for (let i = 0; i < matches.length - 1; i++) {
        try {
          loaderData[matches[i]!.route.id] = await loaders[i]!(args);
        } catch {
          return null;
        }
      }
      const pageLoader = loaders.at(-1)!;
      let outcome: LoaderReplay["outcome"];
      try {
        outcome = { value: await pageLoader(args) };
      } catch (error) {
        outcome = { error };
      }
      const throughReactRouter = (expected?: DirectExpected) => {
        info.replayLoader = { loader: pageLoader, outcome };
        if (expected) info.directExpected = expected;
        return null;
      };
      // A page whose code answered the request itself, or whose loader threw (a
      // redirect, the not-found page, an error): as React Router answers it.
      if ("error" in outcome || info.node?.res.headersSent) return throughReactRouter();
      loaderData[leaf.id] = outcome.value;
      const line = plainTurboStream({ loaderData, actionData: null, errors: null });
      if (line === null) return throughReactRouter();

      const base = known.context;
      const handler = base.staticHandlerContext;
      const entryContext: EntryContext = {
        ...base,
        staticHandlerContext: {
          ...handler,
          location: { ...handler.location, pathname, search, hash: "" },
          matches,
          loaderData,
        },
        renderMeta: {},
      };
      const handoff = handoffMarkup(
        [
          { done: false, value: line },
          { done: true, value: "" },
        ],
        info.nonce,
      );
      const html = await options.renderPage(key, entryContext, request, info, handoff);
      if (html === null) {
        // Its template is no longer trusted, or its page fails alone: forgotten until
        // React Router answers the route split again.
        routes.delete(key);
        return throughReactRouter();
      }
      keep(key, known);
      known.answered++;
      if (known.checked < CHECKS_BEFORE_TRUST || known.answered % CHECK_EVERY === 0) {
        return throughReactRouter({ key, html, routePattern });
      }
      info.routePattern = routePattern;
      return { html, routePattern };
    },
  };
}

/** Only a GET of a page's document, as the server checked it, for every visitor alike. */
function eligible(request: Request, info: RequestInfo): boolean {
  return (
    request.method === "GET" &&
    info.splitRender === true &&
    info.redirectsChecked === true &&
    !info.renderedOnce &&
    !info.outsideBasePath &&
    info.rewrittenTo === undefined &&
    info.rewrittenFrom === undefined &&
    info.preview === undefined &&
    info.revalidateReason === undefined
  );
}

function firstDifference(a: string, b: string): number {
  let at = 0;
  while (at < a.length && a[at] === b[at]) at++;
  return at;
}
