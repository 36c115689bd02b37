import {
  canonicalHref,
  canonicalRedirect,
  isInternalPath,
  type CanonicalOptions,
} from "../app/routing/canonical-url.ts";
import { detectedLocale } from "../app/routing/locale.ts";
import { sendText, type Step } from "./exchange.ts";

/**
 * Document requests for a non-canonical URL answer 308 to the canonical one,
 * query kept. Internal requests (route data, manifest, assets, probes) pass
 * untouched: the React Router middleware redirects data requests by the same
 * rule, in the encoding its client understands.
 */
export function canonicalUrl(options: CanonicalOptions): Step {
  return ({ res, rawPath, rawSearch }) => {
    if (isInternalPath(rawPath)) return false;
    const location = canonicalRedirect(rawPath, rawSearch, options);
    if (location === null) return false;
    // Cacheable, but not for long: a site that changes trailingSlash must not leave browsers looping.
    sendText(res, 308, `Permanent Redirect: ${location}\n`, {
      Location: location,
      "Cache-Control": "public, max-age=3600",
    });
    return true;
  };
}

/** `/` only: a visitor who prefers another locale (cookie, then Accept-Language) is sent there. */
export function localeDetection(options: CanonicalOptions): Step {
  return ({ req, res, rawPath, rawSearch }) => {
    if (rawPath !== "/" || (req.method !== "GET" && req.method !== "HEAD")) return false;
    // The answer for `/` depends on both, for every cache between us and the visitor.
    res.setHeader("Vary", "Accept-Language, Cookie");
    const locale = detectedLocale(rawPath, {
      cookie: req.headers.cookie,
      acceptLanguage: req.headers["accept-language"],
    });
    if (locale === null) return false;
    const location = canonicalHref(locale, "/", options) + rawSearch;
    sendText(res, 307, `Temporary Redirect: ${location}\n`, { Location: location });
    return true;
  };
}
