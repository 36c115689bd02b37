import { PassThrough, Readable, Writable } from "node:stream";
import { randomUUID } from "node:crypto";
import { isbot } from "isbot";
import {
  renderToPipeableStream,
  renderToString,
  type RenderToPipeableStreamOptions,
} from "react-dom/server";
import {
  isRouteErrorResponse,
  ServerRouter,
  type EntryContext,
  type HandleErrorFunction,
  type RouterContextProvider,
} from "react-router";
import { ImageEmbedderContext } from "./components/image.tsx";
import { requestInfo, type RequestInfo } from "./context.ts";
import { takeReadyHandoff } from "./handoff.ts";
import { NonceContext } from "./nonce.ts";
import { nextPageOf } from "./next/page/types.ts";
import { defaultLocaleOfOrigin } from "./root-data.ts";
import { SplitRenderContext, type SplitRender } from "./split-render/mode.ts";
import { createSplitRenderer, type RenderHtml } from "./split-render/split-renderer.tsx";
import { createDirectDocuments, type DirectAnswer, type ServerRoutes } from "./direct/documents.ts";

// The server builds each request's context through the build, so that the
// context key is the one the route modules were bundled with.
export { createRequestContext } from "./context.ts";
// A Next.js page's data at its data URL, for the server's data step (server/pages/next-data.ts).
export { nextDataAnswer, nextStaticProps } from "./next/page/server.ts";
// The build's getStaticProps record, handed over at start (server/platform/build.ts).
export { keepPrerenderedProps } from "./next/page/prerendered.ts";
// The pages folder's API routes, for the server's API step (server/steps/api/).
export { apiRoutes } from "virtual:next-api-routes";
// The site's middleware, for the server's middleware step (server/steps/middleware/).
export { nextMiddleware } from "virtual:next-middleware";
// The site's instrumentation.ts, for the server's start and its errors (server/platform/instrumentation.ts).
export { instrumentation } from "virtual:next-instrumentation";

export const streamTimeout = 5_000;

// Names the markers of the split render: a page's own text cannot forge them.
const splitRenderer = createSplitRenderer(randomUUID().replaceAll("-", ""));

/** Renders the app's document for `request` as `split` says (whole when null). */
const renderHtmlFor =
  (request: Request, info: RequestInfo): RenderHtml =>
  (split, splitContext) => {
    const element = documentElement(splitContext, request.url, info, split);
    return split?.kind === "page" ? pageHtml(element) : renderedHtml(element, info);
  };

// A trusted route's document without React Router's request handler (app/direct/).
const directDocuments = createDirectDocuments({
  keyOf: routeKey,
  isPage: (handle) => nextPageOf(handle) !== null,
  renderPage: (key, context, request, info, handoff) =>
    splitRenderer.trustedRender(key, context, info.nonce, handoff, renderHtmlFor(request, info)),
  refused: (info, route, reason) =>
    info.notice?.({ route, reason }, "page answered through React Router: direct answer refused"),
});

/**
 * The document of a page rendered per request, answered without React
 * Router's request handler once its route is trusted (app/direct/); null: hand
 * the request to React Router (the server calls this first, with the same
 * request and context).
 */
export const directDocument = (
  request: Request,
  context: RouterContextProvider,
  routes: ServerRoutes,
): Promise<DirectAnswer | null> =>
  directDocuments.answer(request, context, requestInfo(context, request), routes);

/**
 * A Web stream over a Node stream that reads nothing until it is read itself
 * (a high-water mark of 0: no read ahead). Our server pipes the Node stream to
 * the socket directly (RequestInfo.document); other adapters read this.
 */
function readLazily(html: Readable): ReadableStream<Uint8Array> {
  let chunks: AsyncIterator<Buffer> | undefined;
  return new ReadableStream(
    {
      async pull(controller) {
        chunks ??= html[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
        const { value, done } = await chunks.next();
        if (done) controller.close();
        else controller.enqueue(new Uint8Array(value.buffer, value.byteOffset, value.byteLength));
      },
      cancel(reason) {
        html.destroy(reason instanceof Error ? reason : undefined);
      },
    },
    { highWaterMark: 0 },
  );
}

/** The app's document for one request: whole, or as the split render asks (app/split-render/). */
function documentElement(
  context: EntryContext,
  url: string,
  info: RequestInfo,
  split: SplitRender | null,
) {
  const { nonce } = info;
  return (
    <NonceContext value={nonce}>
      <ImageEmbedderContext value={info.embedImage ?? null}>
        <SplitRenderContext value={split}>
          <ServerRouter context={context} url={url} nonce={nonce} />
        </SplitRenderContext>
      </ImageEmbedderContext>
    </NonceContext>
  );
}

/**
 * The page alone, rendered at once: no stream to set up for a part that is all
 * there. One that would wait for something (a Suspense boundary React had to
 * give up on, or an error inside one) is refused: the page is rendered whole.
 */
async function pageHtml(element: React.ReactElement): Promise<string> {
  const html = renderToString(element);
  if (/<!--\$[!?]/.test(html)) throw new Error("the page waits for data: rendered whole");
  return html;
}

/** The whole HTML of `element`, once all of it is ready; rejects on any error React meets. */
function renderedHtml(element: React.ReactElement, info: RequestInfo): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        clearTimeout(timeoutId);
        resolve(Buffer.concat(chunks).toString("utf8"));
        callback();
      },
    });
    const { pipe, abort } = renderToPipeableStream(element, {
      nonce: info.nonce,
      onAllReady: () => pipe(sink),
      onShellError: reject,
      onError(error: unknown) {
        clearTimeout(timeoutId);
        reject(error instanceof Error ? error : new Error(String(error)));
        abort();
      },
    });
    const timeoutId = setTimeout(() => abort(), streamTimeout);
  });
}

/** The page's document from the split render (app/split-render/), or null: render it whole. */
async function splitRendered(
  request: Request,
  status: number,
  context: EntryContext,
  info: RequestInfo,
) {
  const key = splitKeyOf(request, status, context, info);
  if (key === null) return null;
  return splitRenderer.answer(
    key,
    context,
    info.nonce,
    renderHtmlFor(request, info),
    (route, reason) =>
      info.notice?.({ route, reason }, "page rendered whole: split render refused"),
  );
}

/**
 * What a page rendered per request has its document kept for (app/split-render/):
 * its route (the locale is part of it, but for the unprefixed routes, whose
 * locale is the host's default) and whether it carries a nonce. Null for any
 * answer the split render does not give: a page that is not a Next.js page, an
 * error, a rewrite, HEAD, a page rendered once.
 */
function splitKeyOf(
  request: Request,
  status: number,
  context: EntryContext,
  info: RequestInfo,
): string | null {
  if (!info.splitRender || request.method !== "GET" || status !== 200) return null;
  if (info.renderedOnce || context.isSpaMode || context.staticHandlerContext.errors) return null;
  if (info.rewrittenTo !== undefined || info.rewrittenFrom !== undefined) return null;
  const leaf = context.staticHandlerContext.matches.at(-1)?.route;
  if (!leaf || !nextPageOf(leaf.handle)) return null;
  return routeKey(leaf.id, info);
}

/** A route's key: its id, the host's default locale (the unprefixed routes' locale), whether it has a nonce. */
function routeKey(leafId: string, info: RequestInfo): string {
  const nonce = info.nonce === undefined ? "" : "nonce";
  return `${leafId} ${defaultLocaleOfOrigin(info.origin)} ${nonce}`;
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
): Promise<Response> {
  // The loader data ready now is rendered in the same pass as the page.
  await takeReadyHandoff(routerContext);
  const info = requestInfo(loadContext, request);
  // Any header a route set (React Router's `headers`, a loader's), before ours.
  const ownHeaders = [...responseHeaders.keys()].length > 0;
  const split = await splitRendered(request, responseStatusCode, routerContext, info);
  const expected = info.directExpected;
  if (expected !== undefined) {
    info.directExpected = undefined;
    directDocuments.check(info, expected, {
      key: splitKeyOf(request, responseStatusCode, routerContext, info),
      html: split?.html ?? null,
      routePattern: info.routePattern,
      status: responseStatusCode,
      ownHeaders,
    });
  } else if (split?.split && !ownHeaders) {
    const key = splitKeyOf(request, responseStatusCode, routerContext, info);
    if (key !== null) directDocuments.learn(key, routerContext);
  }
  if (split !== null) {
    responseHeaders.set("Content-Type", "text/html; charset=utf-8");
    const html = Readable.from([Buffer.from(split.html)], { objectMode: false });
    const body = info.pipesDocument ? null : (Readable.toWeb(html) as ReadableStream<Uint8Array>);
    const response = new Response(body, { headers: responseHeaders, status: responseStatusCode });
    info.document = { response, html };
    info.splitRendered = split.split;
    return response;
  }
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    // Errors React recovers from (a part inside a Suspense boundary, rendered
    // again in the browser) that came before the shell: logged once the shell
    // is out, as React Router logs a shell error itself.
    const errorsBeforeShell: unknown[] = [];
    const userAgent = request.headers.get("user-agent");
    // HEAD answers the status a GET would get (a monitor asks with it), so the
    // page is rendered as for a crawler, and its HTML is dropped.
    const head = request.method === "HEAD";
    // Crawlers, and pages rendered once for many visitors, get the whole page at
    // once; people get the shell as soon as it is ready.
    const whole =
      head ||
      info.renderedOnce ||
      (userAgent !== null && isbot(userAgent)) ||
      routerContext.isSpaMode;
    const readyOption: keyof RenderToPipeableStreamOptions = whole ? "onAllReady" : "onShellReady";

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { nonce } = info;
    const { pipe, abort } = renderToPipeableStream(
      documentElement(routerContext, request.url, info, null),
      {
        // React's own inline scripts (streamed Suspense boundaries) carry it too.
        nonce,
        [readyOption]() {
          shellRendered = true;
          for (const error of errorsBeforeShell.splice(0)) info.reportError(error);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          if (head) {
            clearTimeout(timeoutId);
            resolve(new Response(null, { headers: responseHeaders, status: responseStatusCode }));
            return;
          }
          const body = new PassThrough({
            // Not destroyed when it ends: React takes the stream's "close" for a
            // client gone early and aborts, building an Error (a stack trace) for
            // every finished page. A client that hangs up still destroys it, and
            // React stops rendering then.
            autoDestroy: false,
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          pipe(body);
          const response = new Response(info.pipesDocument ? null : readLazily(body), {
            headers: responseHeaders,
            status: responseStatusCode,
          });
          info.document = { response, html: body };
          resolve(response);
        },
        onShellError(error: unknown) {
          // React Router logs this one as it renders the error page instead.
          for (const other of errorsBeforeShell) if (other !== error) info.reportError(other);
          reject(error);
        },
        onError(error: unknown) {
          // Still the page's status when the shell is not out yet.
          responseStatusCode = 500;
          if (request.signal.aborted) return;
          if (shellRendered) info.reportError(error);
          else errorsBeforeShell.push(error);
        },
      },
    );
  });
}

/** Every error React Router catches is logged once, with the request's id. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  // A client that hung up is not an error of ours, and neither is a 4xx: no
  // route for the path, no action for the method.
  if (request.signal.aborted || (isRouteErrorResponse(error) && error.status < 500)) return;
  requestInfo(context, request).reportError(error);
};
