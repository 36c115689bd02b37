/**
 * The site's `instrumentation.ts`, called as Next.js calls it: `register()`
 * once at start, before any request is answered, and `onRequestError(error,
 * request, context)` for each error a request meets on the server (a page's
 * render or data function, an API route, the middleware): the hooks error
 * trackers and tracers (Sentry, Datadog) use. The shell logs each such error
 * once, with the request id, whether or not the site has the file; a hook
 * that throws is logged as a warning, and changes no answer.
 */
import type { ServerBuild } from "react-router";
import type { Exchange } from "./exchange.ts";
import type { Logger } from "./logger.ts";

interface InstrumentationEntry {
  readonly file: string;
  readonly module: {
    readonly register?: () => unknown;
    readonly onRequestError?: (error: unknown, request: unknown, context: unknown) => unknown;
  };
}

/** Where the error happened, in Next.js's words (`context.routeType`). */
export type RouteType = "render" | "route" | "middleware";

/** Logs a request's error once, and tells the site's `onRequestError`. */
export type RequestErrorReporter = (
  exchange: Pick<Exchange, "req" | "requestId" | "routePattern" | "path">,
  error: unknown,
  routeType: RouteType,
) => void;

const entryOf = (build: ServerBuild): InstrumentationEntry | null =>
  (build.entry.module as unknown as { instrumentation?: InstrumentationEntry | null })
    .instrumentation ?? null;

/** Calls the site's `register()`, if it has one; rejects, naming the file, when it fails. */
export async function registerInstrumentation(build: ServerBuild, logger: Logger): Promise<void> {
  const entry = entryOf(build);
  if (typeof entry?.module.register !== "function") return;
  try {
    await entry.module.register();
  } catch (error) {
    throw new Error(`${entry.file}: register() failed: ${(error as Error).message}`, {
      cause: error,
    });
  }
  logger.info({ file: entry.file }, "instrumentation registered");
}

/** The reporter of a build's request errors: the log line, then the site's hook. */
export function requestErrorReporter(build: ServerBuild, logger: Logger): RequestErrorReporter {
  const entry = entryOf(build);
  const hook = entry?.module.onRequestError;
  return (exchange, error, routeType) => {
    logger.error({ reqId: exchange.requestId, err: error }, "request failed");
    if (typeof hook !== "function") return;
    const { req } = exchange;
    const request = { path: req.url ?? "/", method: req.method ?? "GET", headers: req.headers };
    const context = {
      routerKind: "Pages Router",
      routePath: exchange.routePattern ?? exchange.path ?? req.url ?? "/",
      routeType,
    };
    const failed = (hookError: unknown) =>
      logger.warn(
        { reqId: exchange.requestId, err: hookError, file: entry!.file },
        "onRequestError failed",
      );
    try {
      void Promise.resolve(hook(error, request, context)).catch(failed);
    } catch (hookError) {
      failed(hookError);
    }
  };
}
