import type { ReactNode } from "react";
import { messages } from "../i18n/messages.ts";
import { usePage } from "../page-params.ts";
import { useLocalePath, useSiteInfo } from "../root-data.ts";
import { canonicalHref } from "../routing/canonical-url.ts";
import { DEFAULT_LOCALE, LOCALES } from "../routing/locale.ts";

interface PageProps {
  /**
   * The route as the URL contract writes it (`/blog/[slug]`), and its
   * parameters, decoded (`{ slug: "hello world" }`): a page of app/pages has
   * both from its file; a route elsewhere (the /lab fixtures) names them.
   */
  pattern?: string;
  params?: Record<string, string | string[]>;
  title: string;
  /** The page's summary for search results and link previews, in its locale. */
  description: string;
  children?: ReactNode;
}

/**
 * The frame of every example page: its title and description, its canonical and hreflang links,
 * and the `<main>` marker that tells a test which route matched, in which locale,
 * with which parameters.
 */
export function Page({ title, description, children, ...named }: PageProps) {
  const { locale, path } = useLocalePath();
  const page = usePage();
  const pattern = named.pattern ?? page?.pattern;
  const params = named.params ?? page?.params ?? {};
  const { origin, options } = useSiteInfo();
  const absolute = (l: typeof locale) => origin + canonicalHref(l, path, options);
  return (
    <>
      <title>{`${title} · ${messages(locale).siteName}`}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={absolute(locale)} />
      {LOCALES.map((l) => (
        <link key={l} rel="alternate" hrefLang={l} href={absolute(l)} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={absolute(DEFAULT_LOCALE)} />
      <main data-route={pattern} data-locale={locale} data-params={JSON.stringify(params)}>
        <h1>{title}</h1>
        {children}
      </main>
    </>
  );
}
