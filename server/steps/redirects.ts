import {
  canonicalHref,
  canonicalRedirect,
  isInternalPath,
  type CanonicalOptions,
} from "../../app/routing/canonical-url.ts";
import { defaultLocaleOn, detectedLocale } from "../../app/routing/locale.ts";
import { redirectFor, siteRedirects } from "../../app/routing/redirects/rules.ts";
import site from "../../site.config.ts";
import { sendRedirect, type Exchange, type Step } from "../platform/exchange.ts";

/** A redirect of the site's or of its URL rules carries no `headers()` rule's headers, as in Next.js. */
function withoutRuleHeaders({ res, ruleHeaders }: Exchange): void {
  for (const name of ruleHeaders ?? []) res.removeHeader(name);
}

/** How long a browser or a CDN may keep a permanent redirect: a site that changes its rules must not leave visitors stuck. */
const PERMANENT_REDIRECT_CACHE = "public, max-age=3600";

/**
 * The site's own redirects (site.config.ts `redirects`) for document requests,
 * before the canonical rule: a rule matches the path in any slash style and
 * answers with the canonical target, in one hop. Route data gets the same rules
 * from the React Router middleware. The rules were checked as the app loaded.
 */
export function siteRedirectRules(options: CanonicalOptions): Step {
  const redirects = siteRedirects(site.redirects, options);
  if (redirects.rules.length === 0) return () => false;
  return (exchange) => {
    const { req, res, rawPath, path, rawSearch } = exchange;
    if (path !== null && isInternalPath(path)) return false;
    const { redirect, vary } = redirectFor(
      redirects,
      {
        path: rawPath,
        search: rawSearch,
        header: (name) => {
          const value = req.headers[name];
          return Array.isArray(value) ? value.join(", ") : value;
        },
        defaultLocale: defaultLocaleOn(exchange.origin?.host),
      },
      options,
    );
    // The page's answer depends on them too, when a rule's condition did not hold.
    if (vary.length > 0) res.appendHeader("Vary", vary.join(", "));
    if (redirect === null) return false;
    withoutRuleHeaders(exchange);
    const permanent = redirect.status === 301 || redirect.status === 308;
    sendRedirect(
      res,
      redirect.status,
      redirect.location,
      permanent ? { "Cache-Control": PERMANENT_REDIRECT_CACHE } : {},
    );
    return true;
  };
}

/**
 * Document requests for a non-canonical URL answer 308 to the canonical one,
 * query kept. Internal requests (route data, manifest, assets, probes) pass
 * untouched: the React Router middleware redirects data requests by the same
 * rule, in the encoding its client understands. A request outside the base
 * path passes too: it is nobody's, and gets the not-found page.
 */
export function canonicalUrl(options: CanonicalOptions): Step {
  return (exchange) => {
    const { res, rawPath, path, rawSearch } = exchange;
    if (path === null || isInternalPath(path)) return false;
    const location = canonicalRedirect(rawPath, rawSearch, options);
    if (location === null) {
      // The site's rules came first, in the step before: the path passed both.
      exchange.redirectsChecked = true;
      return false;
    }
    withoutRuleHeaders(exchange);
    // Cacheable, but not for long: a site that changes trailingSlash must not leave browsers looping.
    sendRedirect(res, 308, location, { "Cache-Control": PERMANENT_REDIRECT_CACHE });
    return true;
  };
}

/**
 * The home page only (`/`, or the base path): a visitor who prefers another
 * locale (cookie, then Accept-Language) is sent there; on a locale domain, to
 * another domain's home by the rule of app/routing/locale.ts. Reached in
 * canonical form, after the public origin is known.
 */
export function localeDetection(options: CanonicalOptions): Step {
  return (exchange) => {
    const { req, res, path, rawSearch } = exchange;
    if (path !== "/" || (req.method !== "GET" && req.method !== "HEAD")) return false;
    // The answer for `/` depends on both, for every cache between us and the visitor.
    res.appendHeader("Vary", "Accept-Language, Cookie");
    const detected = detectedLocale(
      path,
      { cookie: req.headers.cookie, acceptLanguage: req.headers["accept-language"] },
      exchange.origin?.host,
    );
    if (detected === null) return false;
    withoutRuleHeaders(exchange);
    const { locale, origin, defaultLocale } = detected;
    const location = origin + canonicalHref(locale, "/", options, defaultLocale) + rawSearch;
    sendRedirect(res, 307, location);
    return true;
  };
}
