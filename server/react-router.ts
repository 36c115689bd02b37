import { createRequest, sendResponse } from "@remix-run/node-fetch-server";
import { createRequestHandler } from "react-router";
import type { RequestInfo } from "../app/context.ts";
import type { AppServerBuild } from "./build.ts";
import type { Config } from "./config.ts";
import { sendText, type Step } from "./exchange.ts";
import { requestOrigin } from "./forwarded.ts";
import type { Logger } from "./logger.ts";

/** Everything that reached this step is a page, route data or the route manifest. */
export function reactRouter(build: AppServerBuild, config: Config, logger: Logger): Step {
  const handle = createRequestHandler(build, "production");
  return async (exchange) => {
    const { req, res, requestId } = exchange;
    const origin = requestOrigin(req.headers, config);
    if (origin === null) {
      sendText(res, 400, "Bad Request: invalid Host or X-Forwarded-* header\n");
      return true;
    }
    const info: RequestInfo = {
      requestId,
      origin: `${origin.protocol}//${origin.host}`,
      trailingSlash: config.trailingSlash,
      fixtures: config.e2eFixtures,
      reportError: (error) => logger.error({ reqId: requestId, err: error }, "request failed"),
    };
    // The URL React Router sees carries the public origin, so absolute links and
    // its cross-origin check on form posts agree with what the browser sent.
    const request = createRequest(req, res, origin);
    const response = await handle(request, build.entry.module.createRequestContext(info));
    // The root middleware wrote it while the request was handled.
    exchange.routePattern = info.routePattern;
    await sendResponse(res, response);
    return true;
  };
}
