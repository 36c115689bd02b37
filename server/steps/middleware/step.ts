/**
 * The site's middleware (`app/middleware.ts`, or Next.js 16's `app/proxy.ts`),
 * run where Next.js runs it: after the site's redirects, before the API routes
 * and the pages, for documents and data requests alike, when its
 * `config.matcher` says so (app/next/middleware/matcher.ts). It is given a
 * `NextRequest`, and what it answers is carried out (app/next/server.ts says
 * how each kind is written):
 *
 * - nothing, or `NextResponse.next()`: on to the page or API route, with the
 *   request headers it replaced and the response headers and cookies it set;
 * - `NextResponse.rewrite(url)` (this site's origin only): the page or API route
 *   of that URL answers in this one's place, and the browser keeps its URL;
 * - `NextResponse.redirect(url)`: that redirect;
 * - any other response (`NextResponse.json`, a 401): sent as it is.
 *
 * Without a matcher it runs for requests outside the base path too, as under
 * Next.js (`nextUrl.basePath` is "" there).
 *
 * A Next.js page's data request (a click's, `/_next/data/...`) that the
 * middleware redirects within the site, or rewrites, is told where
 * (`x-nextjs-redirect`, `x-nextjs-rewrite`: the path), and its client follows
 * the redirect, or shows the page rewritten to under the URL asked for, in the
 * page, as Next.js's does (app/next/page/middleware-answer.ts). Any other data
 * request (`*.data` too) that it rewrites to another page, redirects elsewhere
 * or answers itself gets no data: it is told to load its page as a document
 * (`x-nextjs-rewrite`, `x-nextjs-redirect`, and the shell's
 * `X-Load-Document`), which the browser does (app/client/data-requests.ts),
 * and the middleware runs again for that document. What it
 * throws is the pipeline's 500 with the request id, logged once (http.ts).
 */
import type { IncomingMessage } from "node:http";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { stripBasePath } from "../../../app/routing/base-path.ts";
import type { CanonicalOptions } from "../../../app/routing/canonical-url.ts";
import { defaultLocaleOn, LOCALE_PREFIXES, localeAndPathOf } from "../../../app/routing/locale.ts";
import {
  compileMatcher,
  matchedPath,
  matcherEntries,
  matcherMatches,
  type CompiledMatcher,
} from "../../../app/next/middleware/matcher.ts";
import {
  MIDDLEWARE_PROTOCOL,
  NextFetchEvent,
  NextRequest,
  siteUrlConfig,
  type NextMiddleware,
} from "../../../app/next/server.ts";
import { conditionSubjectOf } from "../../platform/condition-subject.ts";
import { middlewareBody } from "./body.ts";
import type { AppServerBuild } from "../../platform/build.ts";
import { rewriteExchange, sendText, type Exchange, type Step } from "../../platform/exchange.ts";
import {
  pageOf,
  sendLoadDocument,
  rewriteDataRequest,
  sendMiddlewareRedirect,
  type PageOf,
} from "../../platform/page-of.ts";
import {
  MIDDLEWARE_REDIRECT_HEADER,
  MIDDLEWARE_REWRITE_HEADER,
} from "../../../app/next/routing/data-url.ts";
import type { Logger } from "../../platform/logger.ts";

/** The build's middleware module, as the Vite plugin lists it (app/next/middleware/module.d.ts). */
interface MiddlewareEntry {
  readonly file: string;
  readonly name: "middleware" | "proxy";
  readonly module: Record<string, unknown>;
}

/** A loaded middleware: its function and its compiled matcher. */
export interface SiteMiddleware {
  readonly file: string;
  readonly handler: NextMiddleware;
  readonly matchers: readonly CompiledMatcher[] | null;
}

/**
 * The build's middleware, checked: its function (`middleware` or `proxy` by
 * name as Next.js looks for it, or the default export) and its matcher. Throws,
 * naming the file, when either is wrong: the server does not start with it.
 */
export function siteMiddlewareOf(build: AppServerBuild, basePath: string): SiteMiddleware | null {
  const entry = (build.entry.module as unknown as { nextMiddleware?: MiddlewareEntry | null })
    .nextMiddleware;
  if (!entry) return null;
  const { module, file, name } = entry;
  const handler = module[name] ?? module.default;
  if (typeof handler !== "function") {
    throw new Error(
      `${file} must export its function, as \`export function ${name}(request)\` or as its default export`,
    );
  }
  const config = module.config as { matcher?: unknown } | undefined;
  const entries = matcherEntries(config?.matcher, file);
  if (entries !== null && "problem" in entries) throw new Error(entries.problem);
  return {
    file,
    handler: handler as NextMiddleware,
    matchers: compileMatcher(entries, { basePath, i18n: LOCALE_PREFIXES }),
  };
}

function requestOf(
  exchange: Exchange,
  page: PageOf,
  href: string,
  urls: CanonicalOptions,
  body: ReadableStream<Uint8Array> | null,
) {
  const { req } = exchange;
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name.startsWith(":")) continue;
    headers.set(name, Array.isArray(value) ? value.join(", ") : value);
  }
  if (page.data !== null) headers.set("x-nextjs-data", "1");
  // Aborted when the client goes away before the answer is out ("close"
  // without "finish"), as Next.js's is: a streamed answer stops there.
  const client = new AbortController();
  exchange.res.once("close", () => {
    if (!exchange.res.writableFinished) client.abort();
  });
  return new NextRequest(href, {
    method: req.method,
    headers,
    signal: client.signal,
    ...(body !== null && { body, duplex: "half" }),
    nextConfig: siteUrlConfig(urls.basePath, urls.trailingSlash === "always"),
  });
}

/** The request headers `NextResponse.next({ request: { headers } })` gave the page instead. */
function overrideRequestHeaders(req: IncomingMessage, response: Headers): void {
  const names = response.get(MIDDLEWARE_PROTOCOL.overrideHeaders);
  if (names === null) return;
  const kept = new Set(names.split(",").filter(Boolean));
  for (const name of Object.keys(req.headers)) if (!kept.has(name)) delete req.headers[name];
  for (const name of kept) {
    const value = response.get(MIDDLEWARE_PROTOCOL.requestHeader + name);
    if (value === null) delete req.headers[name];
    else req.headers[name] = value;
  }
}

/** The headers of Next.js's protocol (app/next/server.ts): for the server, never sent on. */
const PROTOCOL_HEADERS = new Set<string>([
  MIDDLEWARE_PROTOCOL.next,
  MIDDLEWARE_PROTOCOL.rewrite,
  MIDDLEWARE_PROTOCOL.overrideHeaders,
  ...MIDDLEWARE_PROTOCOL.others,
]);

function isProtocolHeader(name: string): boolean {
  return PROTOCOL_HEADERS.has(name) || name.startsWith(MIDDLEWARE_PROTOCOL.requestHeader);
}

/** Response headers for the answer: the middleware's own, less those that tell the server what to do. */
function answerHeaders(response: Headers): [string, string | string[]][] {
  const out: [string, string | string[]][] = [];
  for (const [name, value] of response) {
    if (isProtocolHeader(name) || name === "set-cookie" || name === "location") continue;
    out.push([name, value]);
  }
  const cookies = response.getSetCookie();
  if (cookies.length > 0) out.push(["set-cookie", cookies]);
  return out;
}

/**
 * A request outside the base path, as a middleware without a matcher sees it:
 * Next.js runs such a middleware for every request, those outside the base path
 * too (its `nextUrl.basePath` is "" there, and it may redirect into the base
 * path). A matcher's sources are under the base path: it never names them.
 */
function outsideBasePath(
  exchange: Exchange,
  matchers: readonly CompiledMatcher[] | null,
): PageOf | null {
  if (exchange.path !== null || matchers !== null) return null;
  return { path: exchange.rawPath, search: exchange.rawSearch, data: null };
}

export interface MiddlewareOptions {
  readonly buildId: string;
  readonly urls: CanonicalOptions;
}

export function siteMiddleware(
  middleware: SiteMiddleware | null,
  { buildId, urls }: MiddlewareOptions,
  logger: Logger,
): Step {
  if (middleware === null) return () => false;
  const { handler, matchers, file } = middleware;
  const basePath = urls.basePath;

  /**
   * Runs the middleware for the exchange as it stands; true once answered. A
   * document it rewrites to a path its matcher names meets it once more there,
   * as under Next.js (`rewritten`: that second run).
   */
  async function run(exchange: Exchange, rewritten: boolean): Promise<boolean> {
    const page = pageOf(exchange, buildId, urls) ?? outsideBasePath(exchange, matchers);
    if (page === null) return false;
    const { req, res } = exchange;
    const origin = `${exchange.origin!.protocol}//${exchange.origin!.host}`;
    const here = defaultLocaleOn(exchange.origin!.host);
    const { locale, path: below } = localeAndPathOf(page.path, here);
    const subject = matchers && conditionSubjectOf(req, page.search, exchange.origin!.host);
    if (
      !matcherMatches(
        matchers,
        matchedPath({ basePath, i18n: LOCALE_PREFIXES }, locale, below),
        subject,
      )
    ) {
      return false;
    }

    const href =
      origin +
      (exchange.path === null
        ? page.path
        : basePath + (page.path === "/" && basePath ? "" : page.path)) +
      page.search;
    const event = new NextFetchEvent(file);
    const body = middlewareBody(req);
    const result = await handler(requestOf(exchange, page, href, urls, body.stream), event);
    // The page or API route reads the body again, whole, as under Next.js.
    const after = await body.afterwards();
    if (after === null) {
      await result?.body?.cancel();
      sendText(res, 413, "Content Too Large\n", { Connection: "close" });
      return true;
    }
    exchange.req = after;
    void event.settled().then((results) => {
      for (const settled of results) {
        if (settled.status === "rejected") {
          logger.error(
            { reqId: exchange.requestId, err: settled.reason },
            "middleware waitUntil failed",
          );
        }
      }
    });
    if (result === undefined || result === null) return false;
    if (!(result instanceof Response)) {
      throw new TypeError(
        `${file} returned ${typeof result}: a middleware returns a NextResponse, or nothing`,
      );
    }
    const headers = result.headers;
    const rewrite = headers.get(MIDDLEWARE_PROTOCOL.rewrite);
    const location = headers.get("location");
    const next = headers.has(MIDDLEWARE_PROTOCOL.next);

    if (rewrite !== null || next) {
      overrideRequestHeaders(req, headers);
      for (const [name, value] of answerHeaders(headers)) res.appendHeader(name, value);
    }
    if (next && rewrite === null) return false;

    if (rewrite !== null) {
      const target = new URL(rewrite, href);
      if (target.origin !== origin) {
        throw new Error(
          `${file} rewrote ${page.path} to ${target.origin}, another origin: this shell rewrites within the site only`,
        );
      }
      const path = stripBasePath(target.pathname, basePath) ?? target.pathname;
      // The same URL: on as asked.
      if (path === page.path && target.search === page.search) return false;
      if (page.data === "next-data") {
        // A page's data: that page's, in this answer, which its client shows under the
        // URL asked for, as Next.js's does; the middleware meets that page once more.
        rewriteDataRequest(exchange, { buildId, basePath }, path, target.search);
        return rewritten ? false : run(exchange, true);
      }
      if (page.data !== null) {
        sendLoadDocument(exchange, {
          [MIDDLEWARE_REWRITE_HEADER]: basePath + path + target.search,
        });
        return true;
      }
      try {
        decodeURIComponent(path);
      } catch {
        throw new Error(`${file} rewrote ${page.path} to ${path}, which does not decode`);
      }
      rewriteExchange(exchange, basePath, path, target.search);
      return rewritten ? false : run(exchange, true);
    }

    if (location !== null && result.status >= 300 && result.status < 400) {
      // A URL of this origin as its path, as Next.js sends it; the body names it too.
      const to = new URL(location, href);
      const body = to.origin === origin ? to.pathname + to.search + to.hash : to.href;
      if (page.data === "next-data" && to.origin === origin) {
        // A page's data: its client follows the redirect in the page (with its
        // cookies and headers), as Next.js's does.
        for (const [name, value] of answerHeaders(headers)) res.appendHeader(name, value);
        sendMiddlewareRedirect(exchange, body);
        await result.body?.cancel();
        return true;
      }
      if (page.data !== null) {
        sendLoadDocument(exchange, { [MIDDLEWARE_REDIRECT_HEADER]: location });
        return true;
      }
      for (const [name, value] of answerHeaders(headers)) res.appendHeader(name, value);
      res.writeHead(result.status, { Location: body, "Content-Length": Buffer.byteLength(body) });
      res.end(req.method === "HEAD" ? undefined : body);
      await result.body?.cancel();
      return true;
    }

    // An answer of its own.
    if (page.data !== null) {
      await result.body?.cancel();
      sendLoadDocument(exchange, {});
      return true;
    }
    for (const [name, value] of answerHeaders(headers)) res.appendHeader(name, value);
    res.writeHead(result.status);
    if (result.body === null || req.method === "HEAD") {
      await result.body?.cancel();
      res.end();
      return true;
    }
    // Streamed as it comes, as Next.js sends it; a client that goes away cancels the stream.
    try {
      await pipeline(Readable.fromWeb(result.body as NodeReadableStream), res);
    } catch (error) {
      if (res.writableFinished || !res.destroyed) throw error;
    }
    return true;
  }

  return (exchange) => run(exchange, false);
}
