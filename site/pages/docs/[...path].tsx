import type { GetStaticPaths, GetStaticProps } from "next";
import { Page } from "../../components/page.tsx";
import { messages } from "../../i18n/messages.ts";
import { useRouter } from "next/router";

/**
 * The documents prerendered (and listed in the sitemap); any other renders at
 * its first request and is kept, as Next.js's `fallback: "blocking"` does.
 */
export const getStaticPaths: GetStaticPaths = () => ({
  paths: [{ params: { path: ["getting-started", "install"] } }],
  fallback: "blocking",
});

export const getStaticProps: GetStaticProps<{ path: string[] }> = ({ params }) => ({
  props: { path: [params?.path ?? []].flat() },
});

// A required catch-all: `/docs` alone matches no page and is the 404 page.
export default function Docs({ path }: { path: string[] }) {
  const m = messages(useRouter().locale ?? "en").docs;
  const body = m.body(path.join(" / "));
  return (
    <Page title={m.title} description={body}>
      <p>{body}</p>
    </Page>
  );
}
