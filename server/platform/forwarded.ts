/**
 * Where a request came from and which origin it was addressed to, honouring
 * `X-Forwarded-*` only behind a trusted proxy (TRUST_PROXY). Pure: headers in,
 * answer out.
 */
import type { IncomingHttpHeaders } from "node:http";

export interface RequestOrigin {
  /** `http:` or `https:` */
  readonly protocol: string;
  /** `example.com` or `example.com:8443` */
  readonly host: string;
}

export interface ForwardedOptions {
  readonly trustProxy: boolean;
  readonly publicOrigin: string | null;
}

// A DNS name or IPv4 address, or a bracketed IPv6 address, with an optional port.
const HOST =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** The last host found valid: nearly every request names the same one. */
let validHost: string | undefined;

function isValidHost(host: string): boolean {
  if (host === validHost) return true;
  // The pattern admits shapes no URL can hold (999.1.1.1, a port of 99999): the
  // URL parser has the last word, so a request URL can always be built.
  if (!HOST.test(host) || URL.parse(`http://${host}`) === null) return false;
  validHost = host;
  return true;
}

/**
 * The last value of a forwarded header: the one our proxy wrote. Values before
 * it, if the proxy appends rather than overwrites, come from the client.
 */
function lastValue(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header.join(",") : header;
  return value?.split(",").at(-1)?.trim() || undefined;
}

/**
 * The origin the client addressed, or null when the request names it in a way
 * no server should accept (a malformed `Host` or `X-Forwarded-Host`).
 */
export function requestOrigin(
  headers: IncomingHttpHeaders,
  options: ForwardedOptions,
): RequestOrigin | null {
  if (options.publicOrigin) {
    // Already normalised by the config to `scheme://host[:port]`: no parse per request.
    const [protocol = "", host = ""] = options.publicOrigin.split("//", 2);
    return { protocol, host };
  }
  const forwardedHost = options.trustProxy ? lastValue(headers["x-forwarded-host"]) : undefined;
  const host = forwardedHost ?? headers.host ?? "localhost";
  if (!isValidHost(host)) return null;

  const protocol = requestProtocol(headers, options);
  return protocol === null ? null : { protocol, host: host.toLowerCase() };
}

/**
 * `https:` when the request reached the site over HTTPS: the public origin says
 * so, or our proxy does in `X-Forwarded-Proto`. `http:` otherwise; null for an
 * `X-Forwarded-Proto` that is neither.
 */
export function requestProtocol(
  headers: IncomingHttpHeaders,
  options: ForwardedOptions,
): "http:" | "https:" | null {
  if (options.publicOrigin) return options.publicOrigin.startsWith("https:") ? "https:" : "http:";
  const forwarded = options.trustProxy ? lastValue(headers["x-forwarded-proto"]) : undefined;
  if (forwarded === undefined || forwarded === "http") return "http:";
  return forwarded === "https" ? "https:" : null;
}

/**
 * The client's address. Behind a trusted proxy it is the last `X-Forwarded-For`
 * entry, the one our proxy appended: entries before it come from the client
 * and can say anything.
 */
export function clientAddress(
  headers: IncomingHttpHeaders,
  socketAddress: string | undefined,
  options: Pick<ForwardedOptions, "trustProxy">,
): string | undefined {
  return (options.trustProxy && lastValue(headers["x-forwarded-for"])) || socketAddress;
}
