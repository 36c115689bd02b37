/**
 * Headers every answer carries: no MIME sniffing, no full URL in the Referer
 * sent to other origins, a browsing context of its own, no powerful browser
 * features, and HSTS when the public origin is https (never over plain http,
 * where it would be ignored at best). The Content-Security-Policy of HTML
 * answers is added where they are rendered (server/csp.ts).
 */
import type { Config } from "./config.ts";
import type { Step } from "./exchange.ts";

/** Features no page of this app uses, denied to it and to anything it embeds. */
export const PERMISSIONS_POLICY =
  "camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()";

export function securityHeaders(config: Pick<Config, "publicOrigin">): Step {
  const https = config.publicOrigin?.startsWith("https:") ?? false;
  return ({ res }) => {
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
    if (https) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    return false;
  };
}
