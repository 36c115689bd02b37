import { isApiPath } from "../../app/routing/pages.ts";
import type { Config } from "../platform/config.ts";
import { sendText, type Step } from "../platform/exchange.ts";

/** Methods that may reach a page; React Router answers 405 where a page has no action. */
export const ACCEPTED_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"]);
/** An API route's (steps/api/) may answer a CORS preflight too. */
const API_METHODS = new Set([...ACCEPTED_METHODS, "OPTIONS"]);

/** How many Host header lines a request has (`rawHeaders`: name, value, name, value...). */
function hostHeaders(rawHeaders: readonly string[]): number {
  let count = 0;
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i]!;
    if (name.length === 4 && name.toLowerCase() === "host") count++;
  }
  return count;
}

/**
 * Turns away input no page could serve, with a short plain 4xx, before any
 * other step spends work on it: odd methods, oversized targets and bodies, and
 * paths that do not decode.
 */
export function rejectMalformed(config: Pick<Config, "maxUrlLength" | "maxBodyBytes">): Step {
  return (exchange) => {
    const { req, res, rawPath } = exchange;
    // Only origin-form targets ("/path?query"): an absolute or authority form
    // would let the request name a host of its choosing.
    if (!rawPath.startsWith("/")) {
      sendText(res, 400, "Bad Request: the request target must be a path\n");
      return true;
    }
    // Proxies and caches in front may each read another of several (RFC 9112, 3.2).
    if (hostHeaders(req.rawHeaders) > 1) {
      sendText(res, 400, "Bad Request: more than one Host header\n");
      return true;
    }
    const methods = isApiPath(exchange.path) ? API_METHODS : ACCEPTED_METHODS;
    if (!methods.has(req.method ?? "")) {
      sendText(res, 405, "Method Not Allowed\n", { Allow: [...methods].join(", ") });
      return true;
    }
    if ((req.url ?? "").length > config.maxUrlLength) {
      sendText(res, 414, "URI Too Long\n");
      return true;
    }
    // A body must announce its length, so MAX_BODY_BYTES holds before a byte is
    // read: browsers always send Content-Length with a form. An API route's may
    // come chunked, as Next.js takes it: the API step reads it to its limit.
    if (req.headers["transfer-encoding"] !== undefined && !isApiPath(exchange.path)) {
      sendText(res, 411, "Length Required\n", { Connection: "close" });
      return true;
    }
    const length = Number(req.headers["content-length"] ?? 0);
    if (length > config.maxBodyBytes) {
      sendText(res, 413, "Content Too Large\n", { Connection: "close" });
      return true;
    }
    let decoded: string;
    try {
      decoded = decodeURIComponent(rawPath);
    } catch {
      sendText(res, 400, "Bad Request: malformed percent-encoding in the path\n");
      return true;
    }
    if (decoded.includes("\0")) {
      sendText(res, 400, "Bad Request: NUL in the path\n");
      return true;
    }
    // The base path holds no `%` (base-path.ts), so the path below it decodes too.
    const { path } = exchange;
    exchange.decodedPath =
      path === null ? "" : path === rawPath ? decoded : decodeURIComponent(path);
    return false;
  };
}
