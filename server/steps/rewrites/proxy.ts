/**
 * A request a rewrite leads to another site (`destination:
 * "https://docs.example.com/:path*"`), proxied as Next.js proxies it: the
 * method, the headers but the hop-by-hop ones and `Host`, and the body go on
 * as they come; the answer (its status, headers and body, streamed) comes
 * back, its `Location` as the other site wrote it. `X-Forwarded-For`,
 * `-Host`, `-Proto` and `-Port` say whom for. An origin that cannot be
 * reached answers 502, one that has not answered within `timeoutMs` 504, each
 * with the request's reference, logged once.
 */
import {
  request as httpRequest,
  type IncomingHttpHeaders,
  type OutgoingHttpHeaders,
} from "node:http";
import { request as httpsRequest } from "node:https";
import { pipeline } from "node:stream/promises";
import { sendText, type Exchange } from "../../platform/exchange.ts";
import type { Logger } from "../../platform/logger.ts";

// RFC 9110 7.6.1, and what Node sets itself.
const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-authenticate",
  "proxy-authorization",
  "proxy-connection",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
  "host",
]);

/** Headers without the hop-by-hop ones, and those the `Connection` header names. */
export function endToEndHeaders(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const named = new Set(
    String(headers.connection ?? "")
      .split(",")
      .map((name) => name.trim().toLowerCase())
      .filter(Boolean),
  );
  const out: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name) && !named.has(name)) out[name] = value;
  }
  return out;
}

export interface ProxyOptions {
  /** How long the other site may take to start its answer. */
  readonly timeoutMs: number;
  readonly logger: Logger;
}

/** The other site's answer did not start in time. */
class NoAnswerInTime extends Error {}

/** Proxies the exchange to `url` (another origin); resolves once the answer is sent. */
export async function proxyTo(exchange: Exchange, url: URL, options: ProxyOptions): Promise<true> {
  const { req, res, requestId } = exchange;
  const origin = exchange.origin!;
  const headers = endToEndHeaders(req.headers);
  const forwardedFor = [req.headers["x-forwarded-for"], req.socket.remoteAddress]
    .filter(Boolean)
    .join(", ");
  if (forwardedFor) headers["x-forwarded-for"] = forwardedFor;
  headers["x-forwarded-host"] = origin.host;
  headers["x-forwarded-proto"] = origin.protocol.replace(":", "");
  headers["x-forwarded-port"] =
    /:(\d+)$/.exec(origin.host)?.[1] ?? (origin.protocol === "https:" ? "443" : "80");
  const request = (url.protocol === "https:" ? httpsRequest : httpRequest)(url, {
    method: req.method,
    headers,
  });
  const failed = (status: 502 | 504, error: Error) => {
    options.logger.warn(
      { reqId: requestId, err: error, target: url.origin },
      status === 504 ? "rewrite's origin did not answer in time" : "rewrite's origin failed",
    );
    if (!res.headersSent) {
      const text = status === 504 ? "Gateway Timeout" : "Bad Gateway";
      sendText(res, status, `${text} (reference ${requestId})\n`);
    } else {
      res.destroy();
    }
  };
  return new Promise<true>((resolve) => {
    const timer = setTimeout(() => {
      request.destroy(new NoAnswerInTime(`no answer within ${options.timeoutMs} ms`));
    }, options.timeoutMs);
    request.once("error", (error) => {
      clearTimeout(timer);
      failed(error instanceof NoAnswerInTime ? 504 : 502, error);
      resolve(true);
    });
    request.once("response", (answer) => {
      clearTimeout(timer);
      res.writeHead(answer.statusCode ?? 502, endToEndHeaders(answer.headers));
      pipeline(answer, res).then(
        () => resolve(true),
        () => {
          // The client or the other site hung up mid-answer: nothing more can be said to anyone.
          res.destroy();
          resolve(true);
        },
      );
    });
    // The body (a form's, an API call's) streams on; a client that hangs up ends the upstream request.
    req.pipe(request);
    res.once("close", () => {
      if (!res.writableFinished) request.destroy();
    });
  });
}
