import Head from "next/head";
import { useRouter } from "next/router";
import type { ReactNode } from "react";
import { useCanonicalUrl } from "../../next/shell-site.ts";

/**
 * The frame of the shell's test fixtures (this folder), whatever site is
 * built: the title and description, the canonical and hreflang links, and the
 * `<main>` marker that tells a test which route matched, in which locale, with
 * which parameters, as the example site's pages write them.
 */
export function LabPage({
  pattern,
  title,
  children,
}: {
  pattern: string;
  title: string;
  children?: ReactNode;
}) {
  const router = useRouter();
  const locale = router.locale ?? router.defaultLocale ?? "en";
  const canonical = useCanonicalUrl();
  return (
    <>
      <Head>
        <title>{`${title} · Shell`}</title>
        <meta name="description" content="A test fixture." />
        <link rel="canonical" href={canonical(locale)} />
        {router.locales?.map((l) => (
          <link key={`hreflang-${l}`} rel="alternate" hrefLang={l} href={canonical(l)} />
        ))}
      </Head>
      <main data-route={pattern} data-locale={locale} data-params="{}">
        <h1>{title}</h1>
        {children}
      </main>
    </>
  );
}
