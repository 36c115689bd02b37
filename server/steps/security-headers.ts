/**
 * Headers every answer carries: no MIME sniffing, no full URL in the Referer
 * sent to other origins, a browsing context of its own, no powerful browser
 * features, and HSTS where the site is served over HTTPS only. The
 * Content-Security-Policy of HTML answers is added where they are rendered
 * (server/pages/csp.ts).
 */
import type { Config } from "../platform/config.ts";
import type { Step } from "../platform/exchange.ts";
import { requestOrigin } from "../platform/forwarded.ts";

/** Features no page of this app uses, denied to it and to anything it embeds. */
export const PERMISSIONS_POLICY =
  "camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()";

/** A year, the least the browsers' preload lists accept. */
export const HSTS = "max-age=31536000; includeSubDomains";

/**
 * HSTS tells a browser to use HTTPS for this host, on every port, for a year. So
 * it is sent only where plain HTTP serves nothing but a redirect to HTTPS: an
 * https PUBLIC_ORIGIN, or HTTPS_ONLY=true (the compose proxy's PROXY_HTTPS_ONLY).
 * Sent next to a plain-HTTP site on another port (compose's 8080 beside 8443),
 * it would turn that site into an HTTPS error. Only answers to requests that came
 * over HTTPS carry it (a browser ignores it over HTTP), for a host name (hstsHost).
 */
export function hstsApplies(config: Pick<Config, "publicOrigin" | "httpsOnly">): boolean {
  return config.httpsOnly || (config.publicOrigin?.startsWith("https:") ?? false);
}

/**
 * Whether HSTS may name this host (`name[:port]`): not an IP address, which
 * browsers ignore it for, and not localhost, where it would send every local
 * development server to HTTPS for a year.
 */
export function hstsHost(host: string): boolean {
  if (host.startsWith("[")) return false;
  const name = host.replace(/:\d+$/, "").toLowerCase();
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(name)) return false;
  return name !== "localhost" && !name.endsWith(".localhost");
}

export function securityHeaders(
  config: Pick<Config, "publicOrigin" | "httpsOnly" | "trustProxy">,
): Step {
  const hsts = hstsApplies(config);
  return ({ req, res }) => {
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
    if (hsts) {
      const origin = requestOrigin(req.headers, config);
      if (origin?.protocol === "https:" && hstsHost(origin.host)) {
        res.setHeader("Strict-Transport-Security", HSTS);
      }
    }
    return false;
  };
}
