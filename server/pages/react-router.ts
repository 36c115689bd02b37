import type { OutgoingHttpHeaders } from "node:http";
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { createRequestHandler } from "react-router";
import type { RequestInfo } from "../../app/context.ts";
import { basePathOf, type AppServerBuild } from "../platform/build.ts";
import { REPORT_ENDPOINT } from "../../app/routing/reporting.ts";
import type { Tracing } from "../telemetry/tracing.ts";
import { mayCompress, negotiateEncoding, sendBody, sendStream } from "./compression.ts";
import type { Config } from "../platform/config.ts";
import { withSecure } from "../platform/cookies.ts";
import {
  assetSourcesOf,
  contentSecurityPolicy,
  cspHeaderName,
  inlineScriptHashes,
  newNonce,
  noncePolicy,
} from "./csp.ts";
import type { Exchange, Step } from "../platform/exchange.ts";
import type { RequestErrorReporter } from "../platform/instrumentation.ts";
import type { Logger } from "../platform/logger.ts";
import { embedderForRender, type ServerImageEmbedder } from "../steps/images/embed.ts";
import type { NextData } from "./next-data.ts";
import type { PageRenderer } from "./page-renderer.ts";
import { NEXT_DATA_PREFIX } from "../../app/next/routing/data-url.ts";
import { stripBasePath } from "../../app/routing/base-path.ts";
import { renderOnceRouteIds } from "./render-once.ts";
import { webRequestOf } from "./web-request.ts";

/** Every page and route-data answer rendered per request may hold that request's id. */
export const PER_REQUEST_CACHE_CONTROL = "private, no-cache, no-store, max-age=0, must-revalidate";

/** A page rendered whole, to be served to every request for its URL. */
// Per-response or hop-by-hop: never kept with a page rendered once.
const NOT_KEPT_HEADERS = new Set(["date", "content-length", "transfer-encoding", "connection"]);

/**
 * Fetch headers as Node writes them; each Set-Cookie stays its own header, and
 * over HTTPS gets the Secure attribute.
 */
function nodeHeaders(headers: Headers, https: boolean): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = {};
  for (const [name, value] of headers) if (name !== "set-cookie") out[name] = value;
  const cookies = headers.getSetCookie();
  if (cookies.length > 0) out["set-cookie"] = https ? cookies.map(withSecure) : cookies;
  return out;
}

export function createPageRenderer(
  build: AppServerBuild,
  config: Pick<Config, "trailingSlash" | "e2eFixtures" | "compression" | "csp"> &
    Partial<Pick<Config, "splitRender" | "development">>,
  logger: Logger,
  tracing: Tracing | null = null,
  embedder?: ServerImageEmbedder,
  nextData?: Pick<NextData, "renderOnce">,
  reportRequestError: RequestErrorReporter = (exchange, error) =>
    logger.error({ reqId: exchange.requestId, err: error }, "request failed"),
): PageRenderer {
  const policyHeader = cspHeaderName(config.csp.reportOnly);
  const basePath = basePathOf(build);
  // The build's scripts may come from a CDN (assetPrefix): the policy names it, as built.
  const csp = {
    ...config.csp,
    assetSources: assetSourcesOf(build.publicPath),
    reportEndpoint: basePath + REPORT_ENDPOINT,
  };
  const policyWithNonce = noncePolicy(csp);
  const isHtml = (headers: Headers) =>
    headers.get("Content-Type")?.startsWith("text/html") ?? false;
  // "production" under npm run dev too: a server error's page never shows its
  // stack; the log line with the page's reference id does.
  // With traces on, its middleware, loaders, actions and render in spans of their own.
  const handle = createRequestHandler(tracing ? tracing.instrument(build) : build, "production");
  const contextFor = (info: RequestInfo) => build.entry.module.createRequestContext(info);
  // A trusted page's document without React Router's handler (app/direct/): not
  // with traces on, which show its loaders and render in spans of their own.
  const directDocument = tracing ? undefined : build.entry.module.directDocument;
  // Route ids are file paths without spaces (app/routes.ts).
  const renderOnceRoutes = renderOnceRouteIds(build.routes).join(" ");

  return {
    async renderPerRequest(exchange) {
      const { req, res, requestId } = exchange;
      const origin = exchange.origin!;
      const nonce = newNonce();
      const info: RequestInfo = {
        requestId,
        nonce,
        origin: `${origin.protocol}//${origin.host}`,
        trailingSlash: config.trailingSlash,
        basePath,
        ...(exchange.path === null && { outsideBasePath: true }),
        fixtures: config.e2eFixtures,
        renderedOnce: false,
        renderOnceRoutes,
        ...(exchange.rewrittenFrom !== undefined && {
          rewrittenTo: basePath + exchange.path + exchange.rawSearch,
          rewrittenFrom: exchange.rewrittenFrom,
          ...(exchange.rewrittenByConfig && { askedFor: exchange.rewrittenFrom }),
        }),
        ...(embedder && { embedImage: embedderForRender(embedder).embedImage }),
        ...(exchange.revalidateReason && { revalidateReason: exchange.revalidateReason }),
        ...(exchange.preview && { preview: exchange.preview }),
        ...(exchange.redirectsChecked && { redirectsChecked: true }),
        pipesDocument: true,
        // Not under npm run dev: a page edited there changes what its route's document holds.
        splitRender: (config.splitRender ?? true) && !config.development,
        notice: (fields, message) => logger.warn({ reqId: requestId, ...fields }, message),
        node: { req, res },
        reportError: (error) => reportRequestError(exchange, error, "render"),
      };
      // Outside the base path React Router renders nothing at all: it is given the
      // path below the base instead, and the root middleware answers the not-found
      // page (in the locale the path names), as the request is no page's.
      if (exchange.path === null) req.url = basePath + exchange.rawPath + exchange.rawSearch;
      // The URL React Router sees carries the public origin, so absolute links and
      // its cross-origin check on form posts agree with what the browser sent.
      const request = webRequestOf(req, res, origin);
      const context = contextFor(info);
      const direct = info.splitRender && (await directDocument?.(request, context, build.routes));
      if (direct) {
        exchange.routePattern = direct.routePattern;
        exchange.rendered = "direct";
        // The headers React Router's answer has, in its order.
        const headers: OutgoingHttpHeaders = {
          ...(!res.hasHeader("cache-control") && { "cache-control": PER_REQUEST_CACHE_CONTROL }),
          "content-type": "text/html; charset=utf-8",
          [policyHeader]: policyWithNonce(nonce, requestId),
        };
        const encoding = config.compression
          ? negotiateEncoding(req.headers["accept-encoding"])
          : null;
        await sendBody(res, 200, headers, Buffer.from(direct.html), encoding);
        return 200;
      }
      const response = await handle(request, context);
      // The root middleware wrote it while the request was handled.
      exchange.routePattern = info.routePattern;
      if (info.splitRendered) exchange.rendered = "split";
      // A page's own code answered (a Next.js page's getServerSideProps or
      // getInitialProps ended the response): nothing of ours follows.
      if (res.headersSent) {
        await response.body?.cancel();
        return res.statusCode;
      }
      // One the page set itself (res.setHeader in getServerSideProps) stands.
      if (!response.headers.has("Cache-Control") && !res.hasHeader("cache-control")) {
        response.headers.set("Cache-Control", PER_REQUEST_CACHE_CONTROL);
      }
      const { status } = response;
      const headers = nodeHeaders(response.headers, origin.protocol === "https:");
      if (isHtml(response.headers)) headers[policyHeader] = policyWithNonce(nonce, requestId);
      // A page: React's Node stream, with no round trip through a Web stream.
      const body =
        info.document?.response === response
          ? info.document.html
          : response.body && Readable.fromWeb(response.body as NodeReadableStream);
      if (!body) {
        res.writeHead(status, headers);
        res.end();
      } else {
        const encoding =
          config.compression && mayCompress(req.method, status, response.headers)
            ? negotiateEncoding(req.headers["accept-encoding"])
            : null;
        await sendStream(res, status, headers, body, encoding);
      }
      return response.status;
    },

    async renderOnce(origin, target, report = () => {}, reason = "build") {
      if (nextData && stripBasePath(target, basePath)?.startsWith(NEXT_DATA_PREFIX)) {
        const rendered = await nextData.renderOnce(origin, target, reason);
        if (rendered === null) report({ error: new Error("its data could not be rendered once") });
        return rendered;
      }
      const images = embedder && embedderForRender(embedder);
      const info: RequestInfo = {
        requestId: "",
        origin,
        trailingSlash: config.trailingSlash,
        basePath,
        fixtures: config.e2eFixtures,
        renderedOnce: true,
        renderOnceRoutes,
        revalidateReason: reason,
        ...(images && { embedImage: images.embedImage }),
        reportError: (error) => report({ error }),
      };
      try {
        const response = await handle(new Request(origin + target), contextFor(info));
        const { status } = response;
        if ((status !== 200 && status !== 404) || response.headers.has("Set-Cookie")) {
          await response.body?.cancel();
          report(
            status === 200 || status === 404
              ? { status, error: new Error("it sets a cookie: it cannot be served to others") }
              : { status },
          );
          return null;
        }
        const headers: Record<string, string> = {};
        for (const [name, value] of response.headers) {
          if (!NOT_KEPT_HEADERS.has(name)) headers[name] = value;
        }
        const body = Buffer.from(await response.arrayBuffer());
        // Kept for every visitor: not without an image it embeds, which the next render may have.
        if (images?.missed()) {
          report({ status, error: new Error("an image it embeds was not ready: not kept") });
          return null;
        }
        if (isHtml(response.headers)) {
          // The same bytes for every visitor: its inline scripts are named by their hashes.
          headers[policyHeader.toLowerCase()] = contentSecurityPolicy(
            inlineScriptHashes(body.toString("utf8")),
            csp,
          );
        }
        return {
          status,
          headers,
          body,
          routePattern: info.routePattern,
          ...(info.revalidate !== undefined && { revalidate: info.revalidate }),
        };
      } catch (error) {
        logger.debug({ err: error, target }, "render once failed; rendering per request");
        report({ error });
        return null;
      }
    },
  };
}

/**
 * Everything that reached this step is a page, route data or the route
 * manifest, rendered for this request; `rendered` hears of each.
 */
export function reactRouter(
  renderer: PageRenderer,
  rendered: (exchange: Exchange, status: number) => void,
): Step {
  return async (exchange) => {
    rendered(exchange, await renderer.renderPerRequest(exchange));
    return true;
  };
}
