/**
 * The site's `headers()` rules (next.config.js, app/routing/header-rules.ts),
 * set on the answer before any step answers, as Next.js sets them first: a
 * page, a public file, an API route, the middleware's answer all carry them.
 * Not a redirect of the site's own or of its URL rules, which Next.js sends
 * without them (redirects.ts takes them off: `exchange.ruleHeaders`). A data
 * URL (`/_next/data/...`) gets its page's.
 */
import { compileHeaderRules, headersFor, type HeaderRule } from "../../app/routing/header-rules.ts";
import { matchedPath } from "../../app/next/middleware/matcher.ts";
import {
  defaultLocaleOn,
  LOCALE_PREFIXES,
  LOCALES,
  localeAndPathOf,
} from "../../app/routing/locale.ts";
import { NEXT_DATA_PREFIX, parseNextDataPath } from "../../app/next/routing/data-url.ts";
import { conditionSubjectOf } from "../platform/condition-subject.ts";
import type { Step } from "../platform/exchange.ts";

export function configHeaders(rules: readonly HeaderRule[], basePath: string): Step {
  if (rules.length === 0) return () => false;
  const compiled = compileHeaderRules(rules, {
    basePath,
    locales: LOCALE_PREFIXES ? LOCALES : null,
  });
  const site = { basePath, i18n: LOCALE_PREFIXES };
  return (exchange) => {
    const { req, res, path, rawPath, rawSearch } = exchange;
    // A page's data URL is matched as the page, as Next.js matches it.
    const data = path?.startsWith(NEXT_DATA_PREFIX)
      ? parseNextDataPath(path, LOCALE_PREFIXES ? LOCALES : null)
      : null;
    const { locale, path: below } =
      data !== null
        ? { locale: data.locale, path: data.path }
        : path !== null
          ? localeAndPathOf(path, defaultLocaleOn(exchange.origin?.host))
          : { locale: null, path: rawPath };
    const full = path === null ? rawPath : matchedPath(site, locale, below);
    const subject = conditionSubjectOf(req, rawSearch, req.headers.host ?? "");
    const headers = headersFor(compiled, full, subject);
    if (headers.length > 0) {
      for (const [name, value] of headers) res.setHeader(name, value);
      exchange.ruleHeaders = headers.map(([name]) => name);
    }
    return false;
  };
}
