import { useLocation } from "react-router";
import { messages } from "../i18n/messages.ts";
import { useCanonicalOptions, useLocalePath } from "../root-data.ts";
import { canonicalHref, type CanonicalOptions } from "../routing/canonical-url.ts";
import { LOCALES, localeCookie, type Locale } from "../routing/locale.ts";
import { SiteLink } from "./site-link.tsx";

const NAV = [
  ["home", "/"],
  ["about", "/about"],
  ["newPost", "/blog/new"],
  ["blog", "/blog/hello%20world"],
  ["docs", "/docs/getting-started/install"],
  ["shop", "/shop"],
] as const;

type NavHrefs = readonly (readonly [key: (typeof NAV)[number][0], href: string, end: boolean])[];

// The same few hrefs on every page of a locale: worked out once each, not per render.
const navHrefsMemo = new Map<string, NavHrefs>();

function navHrefs(locale: Locale, options: CanonicalOptions): NavHrefs {
  const key = `${locale} ${options.trailingSlash} ${options.basePath}`;
  let hrefs = navHrefsMemo.get(key);
  if (!hrefs) {
    hrefs = NAV.map(([name, target]) => [
      name,
      canonicalHref(locale, target, options),
      target === "/",
    ]);
    navHrefsMemo.set(key, hrefs);
  }
  return hrefs;
}

/** A cookie, not storage: the server reads it to choose the locale of `/`. */
function rememberLocale(chosen: Locale, basePath: string): void {
  document.cookie = localeCookie(chosen, location.protocol === "https:", basePath);
}

export function SiteHeader() {
  const { locale, path } = useLocalePath();
  const { search } = useLocation();
  const options = useCanonicalOptions();
  const m = messages(locale);

  return (
    <header className="site-header">
      <nav aria-label={m.siteName}>
        {navHrefs(locale, options).map(([key, href, end]) => (
          <SiteLink key={key} to={href} nav={{ end }}>
            {m.nav[key]}
          </SiteLink>
        ))}
      </nav>
      <nav aria-label={m.languageSwitcher} className="language-switcher">
        {LOCALES.map((l) => (
          <SiteLink
            key={l}
            to={canonicalHref(l, path, options) + search}
            hrefLang={l}
            lang={l}
            aria-current={l === locale ? "true" : undefined}
            data-locale-switch={l}
            onClick={() => rememberLocale(l, options.basePath)}
          >
            {messages(l).languageName}
          </SiteLink>
        ))}
      </nav>
    </header>
  );
}
