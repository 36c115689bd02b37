import Head from "next/head";
import Link from "next/link";
import { useRouter } from "next/router";
import { DEFAULT_LOCALE, LOCALES, messages } from "../lib/messages.js";

/** The origin of canonical and hreflang links; static pages bake it in at build time. */
const ORIGIN = process.env.NEXT_PUBLIC_ORIGIN || "http://localhost:3000";

const NAV = [
  ["home", "/"],
  ["about", "/about"],
  ["newPost", "/blog/new"],
  ["blog", "/blog/hello%20world"],
  ["docs", "/docs/getting-started/install"],
  ["shop", "/shop"],
];

/** `/about` in fr -> `/fr/about`; the default locale has no prefix. */
function localized(locale, path) {
  if (locale === DEFAULT_LOCALE) return path;
  return path === "/" ? `/${locale}` : `/${locale}${path}`;
}

/** The path without its locale prefix and query, as Next.js's router reports it. */
function currentPath(router) {
  return router.asPath.split(/[?#]/)[0] || "/";
}

export function SiteHeader() {
  const router = useRouter();
  const locale = router.locale ?? DEFAULT_LOCALE;
  const path = currentPath(router);
  const m = messages(locale);
  return (
    <header className="site-header">
      <nav aria-label={m.siteName}>
        {NAV.map(([key, target]) => (
          <Link key={key} href={target} aria-current={target === path ? "page" : undefined}>
            {m.nav[key]}
          </Link>
        ))}
      </nav>
      <nav aria-label={m.languageSwitcher} className="language-switcher">
        {LOCALES.map((l) => (
          <Link
            key={l}
            href={router.asPath}
            locale={l}
            hrefLang={l}
            lang={l}
            aria-current={l === locale ? "true" : undefined}
            data-locale-switch={l}
          >
            {messages(l).languageName}
          </Link>
        ))}
      </nav>
    </header>
  );
}

/**
 * The frame of every page, as the main app's `Page`: title, canonical and
 * hreflang links, and the `<main>` marker naming the route, locale and parameters.
 */
export function Layout({ pattern, params = {}, title, children }) {
  const router = useRouter();
  const locale = router.locale ?? DEFAULT_LOCALE;
  const path = currentPath(router);
  const absolute = (l) => ORIGIN + localized(l, path);
  return (
    <>
      <Head>
        <title>{`${title} · ${messages(locale).siteName}`}</title>
        <link rel="canonical" href={absolute(locale)} />
        {LOCALES.map((l) => (
          <link key={l} rel="alternate" hrefLang={l} href={absolute(l)} />
        ))}
        <link rel="alternate" hrefLang="x-default" href={absolute(DEFAULT_LOCALE)} />
      </Head>
      <SiteHeader />
      <main data-route={pattern} data-locale={locale} data-params={JSON.stringify(params)}>
        <h1>{title}</h1>
        {children}
      </main>
    </>
  );
}
