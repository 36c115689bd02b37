import type { Config } from "../platform/config.ts";
import { sendText, type Step } from "../platform/exchange.ts";
import { requestOrigin } from "../platform/forwarded.ts";

/**
 * The public origin the page is addressed to, for every later step that builds
 * absolute URLs or renders a page. A `Host` or `X-Forwarded-*` no URL can hold
 * is a 400 here, before any rendering.
 */
export function publicOrigin(config: Pick<Config, "trustProxy" | "publicOrigin">): Step {
  return (exchange) => {
    const origin = requestOrigin(exchange.req.headers, config);
    if (origin === null) {
      sendText(exchange.res, 400, "Bad Request: invalid Host or X-Forwarded-* header\n");
      return true;
    }
    exchange.origin = origin;
    return false;
  };
}
