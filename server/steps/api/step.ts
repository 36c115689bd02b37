/**
 * The pages folder's API routes (`pages/api/...`), run as Next.js runs them:
 * the route found by Next.js's precedence, its handler given Node's request and
 * answer with Next.js's additions (`req.query`, `req.cookies`, `req.body`, and
 * response.ts's helpers). What the handler does with them is its own: any
 * method, any status, a streamed answer.
 *
 * The shell's guarantees stay around it: the malformed-input checks and
 * MAX_BODY_BYTES run first, the access line and the metrics name the route's
 * pattern (`/api/users/[id]`), and a handler that throws gets the pipeline's
 * 500 with the request id, logged once (http.ts).
 */
import type { IncomingMessage } from "node:http";
import type { ApiRouteEntry, NextApiHandler, NextApiRequest } from "../../../app/next/api-route.ts";
import { cookiesOf } from "../../../app/routing/cookies.ts";
import { nextQuery } from "../../../app/next/routing/query.ts";
import { isApiPath } from "../../../app/routing/pages.ts";
import { nextRouteMatcher } from "../../../app/routing/precedence.ts";
import type { AppServerBuild } from "../../platform/build.ts";
import { readCapped, sendText, type Exchange, type Step } from "../../platform/exchange.ts";
import type { Logger } from "../../platform/logger.ts";
import { bodyParsingOf, BodyError, parseBody, tooLarge, type BodyParsing } from "./body.ts";
import type { NextUrlConfig } from "../../../app/next/server.ts";
import { isEdgeRoute, runWebHandler, type WebHandler } from "./edge.ts";
import { apiResponse, type Revalidate } from "./response.ts";
import type { PreviewKeys } from "../../../app/next/preview/mode.ts";

/** A route's module, made ready: its handler, and how its body is read. */
type LoadedRoute =
  | {
      readonly kind: "node";
      readonly handler: NextApiHandler;
      readonly parsing: BodyParsing;
      readonly externalResolver: boolean;
    }
  /** Written for the Edge runtime: a Web handler (edge.ts). */
  | { readonly kind: "web"; readonly handler: WebHandler; readonly where: string };

/**
 * The body for the handler, or the BodyError to answer with. A chunked body,
 * whose length no step could check, is read to MAX_BODY_BYTES at most too.
 */
async function bodyOf(
  req: IncomingMessage,
  parsing: BodyParsing & { parse: true },
  maxBodyBytes: number,
) {
  if (Number(req.headers["content-length"] ?? 0) > parsing.limitBytes)
    throw tooLarge(parsing.limit);
  const cap = Math.min(parsing.limitBytes, maxBodyBytes);
  const bytes = await readCapped(req, cap);
  if (bytes === null) {
    throw cap === parsing.limitBytes
      ? tooLarge(parsing.limit)
      : new BodyError(413, CONTENT_TOO_LARGE);
  }
  return parseBody(bytes, req.headers["content-type"]);
}

const CONTENT_TOO_LARGE = "Content Too Large";

export interface ApiOptions {
  /** MAX_BODY_BYTES: no body gets past it, whatever a route's sizeLimit says. */
  readonly maxBodyBytes: number;
  /** `res.revalidate(path)`: the caches' purge. */
  readonly revalidate: Revalidate;
  /** The site's URL settings, for an Edge route's `nextUrl`. */
  readonly urls: NextUrlConfig;
  /** The keys of preview and draft modes (PREVIEW_SECRET); null: `res.setPreviewData` and `res.setDraftMode` throw. */
  readonly preview: PreviewKeys | null;
}

export function apiRoutes(build: AppServerBuild, options: ApiOptions, logger: Logger): Step {
  const routes =
    (build.entry.module as unknown as { apiRoutes?: readonly ApiRouteEntry[] }).apiRoutes ?? [];
  if (routes.length === 0) return () => false;
  const match = nextRouteMatcher(routes);
  const loaded = new Map<ApiRouteEntry, Promise<LoadedRoute>>();

  async function load(route: ApiRouteEntry): Promise<LoadedRoute> {
    const module = await route.load();
    const where = `pages/${route.file}`;
    if (typeof module.default !== "function") {
      throw new Error(
        `${where}: an API route exports its handler as default: export default function handler(req, res)`,
      );
    }
    if (isEdgeRoute(module.config))
      return { kind: "web", handler: module.default as WebHandler, where };
    const parsing = bodyParsingOf(module.config);
    if ("problem" in parsing) throw new Error(`${where}: ${parsing.problem}`);
    if (parsing.parse && parsing.limitBytes > options.maxBodyBytes) {
      logger.warn(
        { route: route.pattern, sizeLimit: parsing.limit, maxBodyBytes: options.maxBodyBytes },
        `${where} allows bodies above MAX_BODY_BYTES, which turns them away first with a 413`,
      );
    }
    const config = module.config as { api?: { externalResolver?: unknown } } | undefined;
    return {
      kind: "node",
      handler: module.default as NextApiHandler,
      parsing,
      externalResolver: config?.api?.externalResolver === true,
    };
  }

  return async (exchange: Exchange) => {
    const { path, req, res } = exchange;
    if (!isApiPath(path)) return false;
    const found = match(path);
    if (found === null) return false;
    const { page: route, params } = found;
    exchange.routePattern = route.pattern;
    let ready = loaded.get(route);
    if (ready === undefined) {
      ready = load(route);
      loaded.set(route, ready);
    }
    const loadedRoute = await ready;
    if (loadedRoute.kind === "web") {
      // Its body is its own to read: a chunked one could go past any limit.
      if (req.headers["transfer-encoding"] !== undefined) {
        sendText(res, 411, "Length Required: this route reads its body itself\n", {
          Connection: "close",
        });
        return true;
      }
      await runWebHandler(
        loadedRoute.handler,
        { req, res, origin: exchange.origin! },
        { urls: options.urls, params },
        loadedRoute.where,
      );
      return true;
    }
    const { handler, parsing, externalResolver } = loadedRoute;

    const apiReq = req as NextApiRequest;
    apiReq.query = nextQuery(exchange.rawSearch, params);
    let cookies: NextApiRequest["cookies"] | undefined;
    Object.defineProperty(apiReq, "cookies", {
      get: () => (cookies ??= cookiesOf(req.headers.cookie)),
      set: (value: NextApiRequest["cookies"]) => (cookies = value),
      enumerable: true,
      configurable: true,
    });
    // Preview and draft modes, as Next.js tells an API route (server/steps/preview/).
    const mode = exchange.preview;
    Object.assign(apiReq, {
      preview: mode !== undefined ? true : undefined,
      draftMode: mode !== undefined ? true : undefined,
      previewData: mode === undefined ? false : mode.kind === "draft" ? {} : mode.data,
    });
    // A route that reads its own body would read a chunked one past any limit.
    if (!parsing.parse && req.headers["transfer-encoding"] !== undefined) {
      sendText(res, 411, "Length Required: this route reads its body itself\n", {
        Connection: "close",
      });
      return true;
    }
    if (parsing.parse) {
      try {
        apiReq.body = await bodyOf(req, parsing, options.maxBodyBytes);
      } catch (error) {
        if (!(error instanceof BodyError)) throw error;
        // Next.js's answer: the message as the status text and as the body.
        res.statusCode = error.status;
        res.statusMessage = error.message;
        if (error.status === 413) res.setHeader("Connection", "close");
        res.end(error.message);
        return true;
      }
    }
    await handler(apiReq, apiResponse(req, res, options.revalidate, options.preview));
    if (!res.headersSent && !res.writableEnded && !externalResolver) {
      logger.warn(
        { reqId: exchange.requestId, route: route.pattern },
        "the API route returned without answering: the request waits until its handler answers or the client leaves",
      );
    }
    return true;
  };
}
