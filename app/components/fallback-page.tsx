/** What the site's 404 and 500 pages share with the shell's error pages, below both. */

/** What the site's 404 and 500 pages are given: the request id, for a 500 page to show. */
export interface ErrorPageProps {
  requestId?: string | undefined;
}

/** Error pages are never indexed and carry no canonical or hreflang links. */
export function NoIndex({ title }: { title: string }) {
  return (
    <>
      <title>{title}</title>
      <meta name="robots" content="noindex" />
    </>
  );
}
