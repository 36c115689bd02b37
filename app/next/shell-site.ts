/**
 * `@shell/site`: what the shell knows of a page that Next.js has no API for,
 * for a site that wants it. The example site's pages use it for their canonical
 * and `hreflang` links: absolute URLs on the public origin the request came
 * through (behind a proxy, its `X-Forwarded-*`), in the site's slash style and
 * base path, worked out by the rule the server redirects by
 * (app/routing/canonical-url.ts), each locale on its domain when the site has
 * locale domains and the page is on one; and its language switcher for the cookie that
 * remembers a visitor's choice (the contract's section 3). Outside the shell (the benchmark's Next.js
 * peer builds the same pages), a module of the same name stands in for it.
 */
import { useLocalePath, useSiteInfo } from "../root-data.ts";
import { localeUrl } from "../routing/canonical-url.ts";
import { localeCookie, type Locale } from "../routing/locale.ts";

/** The public origin of the page: `https://example.com`. */
export function usePublicOrigin(): string {
  return useSiteInfo().origin;
}

/** The absolute canonical URL of the page shown, in each locale: `(locale) => URL`. */
export function useCanonicalUrl(): (locale: string) => string {
  const { path } = useLocalePath();
  const { origin, options, domain } = useSiteInfo();
  return (locale) => localeUrl(locale as Locale, path, { origin, domain }, options);
}

/**
 * Remembers a visitor's choice of locale (the language switcher's click): the
 * cookie the server reads on `/` before `Accept-Language` (app/routing/locale.ts).
 */
export function useLocaleChoice(): (locale: string) => void {
  const { basePath } = useSiteInfo().options;
  return (locale) => {
    document.cookie = localeCookie(locale as Locale, location.protocol === "https:", basePath);
  };
}
