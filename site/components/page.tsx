import Head from "next/head";
import { useRouter } from "next/router";
import type { ReactNode } from "react";
import { useCanonicalUrl } from "@shell/site";
import { messages } from "../i18n/messages.ts";

interface PageProps {
  /**
   * The route as the URL contract writes it (`/blog/[slug]`), and its
   * parameters, decoded (`{ slug: "hello world" }`): a page of the pages folder
   * has both from the router; a route elsewhere (the /lab fixtures) names them.
   */
  pattern?: string;
  params?: Record<string, string | string[]>;
  title: string;
  /** The page's summary for search results and link previews, in its locale. */
  description: string;
  children?: ReactNode;
}

/** The names of a pattern's parameters, read once per pattern: a page renders often. */
const paramNames = new Map<string, string[]>();
function namesOf(pattern: string): string[] {
  let names = paramNames.get(pattern);
  if (names === undefined) {
    names = [...pattern.matchAll(/\[(?:\[)?(?:\.\.\.)?(\w+)\]?\]/g)].map((m) => m[1]!);
    paramNames.set(pattern, names);
  }
  return names;
}

/** The page's own parameters, from the router's query (search parameters left out). */
function paramsOf(pattern: string, query: Record<string, string | string[] | undefined>) {
  const params: Record<string, string | string[]> = {};
  for (const name of namesOf(pattern)) {
    const value = query[name];
    if (value !== undefined) params[name] = value;
  }
  return params;
}

/**
 * The frame of every example page: its title and description, its canonical and
 * hreflang links (absolute, on the public origin: `@shell/site`), and the
 * `<main>` marker that tells a test which route matched, in which locale, with
 * which parameters.
 */
export function Page({ title, description, children, ...named }: PageProps) {
  const router = useRouter();
  const locale = router.locale ?? router.defaultLocale ?? "en";
  const canonical = useCanonicalUrl();
  const pattern = named.pattern ?? router.pathname;
  const params = named.params ?? paramsOf(pattern, router.query);
  return (
    <>
      <Head>
        <title>{`${title} · ${messages(locale).siteName}`}</title>
        <meta name="description" content={description} />
        <link rel="canonical" href={canonical(locale)} />
        {/* A site without i18n has no languages to name: no hreflang links. */}
        {router.locales?.map((l) => (
          <link key={`hreflang-${l}`} rel="alternate" hrefLang={l} href={canonical(l)} />
        ))}
        {router.locales && (
          <link
            rel="alternate"
            hrefLang="x-default"
            href={canonical(router.defaultLocale ?? locale)}
          />
        )}
      </Head>
      <main data-route={pattern} data-locale={locale} data-params={JSON.stringify(params)}>
        <h1>{title}</h1>
        {children}
      </main>
    </>
  );
}
