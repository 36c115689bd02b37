import Link from "next/link";
import { useRouter } from "next/router";
import { memo, type ReactNode } from "react";
import { useLocaleChoice } from "@shell/site";
import { messages } from "../i18n/messages.ts";

const NAV = [
  ["home", "/"],
  ["about", "/about"],
  ["newPost", "/blog/new"],
  ["blog", "/blog/hello%20world"],
  ["docs", "/docs/getting-started/install"],
  ["shop", "/shop"],
] as const;

/**
 * Whether the page shown is the one a link names, or one below it (unless
 * `end`), compared without case, as React Router's `<NavLink>` marks it. Both
 * are paths as URLs carry them (percent-encoded).
 */
function isActive(shown: string, target: string, end: boolean): boolean {
  const path = shown.toLowerCase();
  const link = target.toLowerCase();
  if (path === link) return true;
  return !end && path.startsWith(`${link}/`);
}

/**
 * The site's header. It reads nothing that a navigation changes, so a click
 * does not render it again (decision 020): of its parts, only the two that
 * follow the page do, and of their links only those whose target or mark changed.
 */
export const SiteHeader = memo(function SiteHeader({ locale }: { locale: string }) {
  return (
    <header className="site-header">
      <SiteNav locale={locale} />
      <LanguageSwitcher locale={locale} />
    </header>
  );
});

/** The site's pages, the one shown marked. */
function SiteNav({ locale }: { locale: string }) {
  const shown = useRouter().asPath.split(/[?#]/, 1)[0]!;
  return (
    <nav aria-label={messages(locale).siteName}>
      {NAV.map(([key, target]) => (
        <NavLink key={key} href={target} active={isActive(shown, target, target === "/")}>
          {messages(locale).nav[key]}
        </NavLink>
      ))}
    </nav>
  );
}

/** A link of the header: renders again only when its mark changes. */
const NavLink = memo(function NavLink({
  href,
  active,
  children,
}: {
  href: string;
  active: boolean;
  children: ReactNode;
}) {
  return (
    <Link
      href={href}
      className={active ? "active" : undefined}
      aria-current={active ? "page" : undefined}
    >
      {children}
    </Link>
  );
});

/** The page shown, in each locale; a choice is remembered. None on a site without i18n. */
function LanguageSwitcher({ locale }: { locale: string }) {
  const router = useRouter();
  const choose = useLocaleChoice();
  if (router.locales === undefined) return null;
  return (
    <nav aria-label={messages(locale).languageSwitcher} className="language-switcher">
      {router.locales.map((l) => (
        <Link
          key={l}
          href={router.asPath}
          locale={l}
          hrefLang={l}
          lang={l}
          aria-current={l === locale ? "true" : undefined}
          data-locale-switch={l}
          onClick={() => choose(l)}
        >
          {messages(l).languageName}
        </Link>
      ))}
    </nav>
  );
}
