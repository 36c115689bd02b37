import { memo } from "react";
import { useLocation } from "react-router";
import { messages } from "../i18n/messages.ts";
import { useCanonicalOptions, useLocalePath } from "../root-data.ts";
import { stripBasePath } from "../routing/base-path.ts";
import { canonicalHref, type CanonicalOptions } from "../routing/canonical-url.ts";
import { isActiveLink } from "../routing/links.ts";
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

interface NavLink {
  readonly key: (typeof NAV)[number][0];
  /** What the link points at: canonical, base path included. */
  readonly href: string;
  /** The same path as the router sees it: below the base path. */
  readonly routerPath: string;
  /** Marked only on its own page, not on those below it (the home page's link). */
  readonly end: boolean;
}

// The same few links on every page of a locale: worked out once each, not per render.
const navLinksMemo = new Map<string, readonly NavLink[]>();

function navLinks(locale: Locale, options: CanonicalOptions): readonly NavLink[] {
  const key = `${locale} ${options.trailingSlash} ${options.basePath}`;
  let links = navLinksMemo.get(key);
  if (!links) {
    links = NAV.map(([name, target]) => {
      const href = canonicalHref(locale, target, options);
      return {
        key: name,
        href,
        routerPath: stripBasePath(href, options.basePath) ?? href,
        end: target === "/",
      };
    });
    navLinksMemo.set(key, links);
  }
  return links;
}

/** A cookie, not storage: the server reads it to choose the locale of `/`. */
function rememberLocale(chosen: Locale, basePath: string): void {
  document.cookie = localeCookie(chosen, location.protocol === "https:", basePath);
}

/**
 * The site's header. It reads nothing that a navigation changes, so a click
 * does not render it again (issue 34): of its parts, only the two that follow
 * the location do, and of their links only those whose target or mark changed.
 */
export const SiteHeader = memo(function SiteHeader({ locale }: { locale: Locale }) {
  return (
    <header className="site-header">
      <SiteNav locale={locale} />
      <LanguageSwitcher locale={locale} />
    </header>
  );
});

/** The site's pages, the one shown marked as `<NavLink>` marks it. */
function SiteNav({ locale }: { locale: Locale }) {
  const { pathname } = useLocation();
  const options = useCanonicalOptions();
  return (
    <nav aria-label={messages(locale).siteName}>
      {navLinks(locale, options).map(({ key, href, routerPath, end }) => (
        <SiteLink key={key} to={href} active={isActiveLink(pathname, routerPath, end)}>
          {messages(locale).nav[key]}
        </SiteLink>
      ))}
    </nav>
  );
}

/** The page shown, in each locale; a choice is remembered. */
function LanguageSwitcher({ locale }: { locale: Locale }) {
  const { path } = useLocalePath();
  const { search } = useLocation();
  const options = useCanonicalOptions();
  return (
    <nav aria-label={messages(locale).languageSwitcher} className="language-switcher">
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
  );
}
