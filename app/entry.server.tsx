import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from "react-dom/server";
import {
  isRouteErrorResponse,
  ServerRouter,
  type EntryContext,
  type HandleErrorFunction,
  type RouterContextProvider,
} from "react-router";
import { requestInfo } from "./context.ts";

// The server builds each request's context through the build, so that the
// context key is the one the route modules were bundled with.
export { createRequestContext } from "./context.ts";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
): Response | Promise<Response> {
  if (request.method === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers, and pages rendered once for many visitors, get the whole page at
    // once; people get the shell as soon as it is ready.
    const whole =
      requestInfo(loadContext, request).renderedOnce ||
      (userAgent !== null && isbot(userAgent)) ||
      routerContext.isSpaMode;
    const readyOption: keyof RenderToPipeableStreamOptions = whole ? "onAllReady" : "onShellReady";

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} />,
      {
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell is ready reject and are reported by React Router.
          if (shellRendered && !request.signal.aborted) {
            requestInfo(loadContext, request).reportError(error);
          }
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
