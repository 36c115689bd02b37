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

function firstValue(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  return value?.split(",", 1)[0]?.trim() || undefined;
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
    const url = new URL(options.publicOrigin);
    return { protocol: url.protocol, host: url.host };
  }
  const forwardedHost = options.trustProxy ? firstValue(headers["x-forwarded-host"]) : undefined;
  const host = forwardedHost ?? headers.host ?? "localhost";
  if (!HOST.test(host)) return null;

  const forwardedProto = options.trustProxy ? firstValue(headers["x-forwarded-proto"]) : undefined;
  if (forwardedProto !== undefined && forwardedProto !== "http" && forwardedProto !== "https") {
    return null;
  }
  return { protocol: `${forwardedProto ?? "http"}:`, host: host.toLowerCase() };
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
  if (options.trustProxy) {
    const forwardedFor = headers["x-forwarded-for"];
    const last = (Array.isArray(forwardedFor) ? forwardedFor.join(",") : forwardedFor)
      ?.split(",")
      .at(-1)
      ?.trim();
    if (last) return last;
  }
  return socketAddress;
}
