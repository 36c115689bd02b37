import Head from "next/head";

/** What the site's 404, 500 and _error pages are given: the request id, for a 500 page to show. */
export interface ErrorPageProps {
  requestId?: string | undefined;
}

/** Error pages are never indexed and carry no canonical or hreflang links. */
export function NoIndex({ title }: { title: string }) {
  return (
    <Head>
      <title>{title}</title>
      <meta name="robots" content="noindex" />
    </Head>
  );
}
