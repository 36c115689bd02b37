import { PassThrough, type Readable } from "node:stream";
import { isbot } from "isbot";
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from "react-dom/server";
import {
  isRouteErrorResponse,
  ServerRouter,
  type EntryContext,
  type HandleErrorFunction,
  type RouterContextProvider,
} from "react-router";
import { ImageEmbedderContext } from "./components/image.tsx";
import { requestInfo } from "./context.ts";
import { takeReadyHandoff } from "./handoff.ts";
import { NonceContext } from "./nonce.ts";

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

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
): Promise<Response> {
  // The loader data ready now is rendered in the same pass as the page.
  await takeReadyHandoff(routerContext);
  return new Promise((resolve, reject) => {
    const info = requestInfo(loadContext, request);
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
      <NonceContext value={nonce}>
        <ImageEmbedderContext value={info.embedImage ?? null}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </ImageEmbedderContext>
      </NonceContext>,
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
