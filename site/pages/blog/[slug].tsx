import type { GetServerSideProps } from "next";
import { useRouter } from "next/router";
import { Page } from "../../components/page.tsx";
import { messages } from "../../i18n/messages.ts";

interface Post {
  slug: string;
  servedAt: string;
}

/**
 * The posts the sitemap lists (and a smoke run visits), in getStaticPaths' form:
 * the shell's own export, for a page that cannot have getStaticPaths (Next.js
 * allows none beside getServerSideProps, and ignores this one). Any other slug
 * renders too.
 */
export function sitemapPaths() {
  return { paths: [{ params: { slug: "hello world" } }, { params: { slug: "hello" } }] };
}

/** Rendered for every request, as a page whose data changes with each one. */
export const getServerSideProps: GetServerSideProps<Post, { slug: string }> = async ({
  params,
}) => ({
  props: { slug: params!.slug, servedAt: new Date().toISOString() },
});

export default function BlogPost({ slug, servedAt }: Post) {
  const m = messages(useRouter().locale ?? "en").blogPost;
  return (
    <Page title={m.title(slug)} description={`${m.title(slug)}. ${m.body}`}>
      <p>{m.body}</p>
      <p>
        <time dateTime={servedAt}>{servedAt}</time>
      </p>
    </Page>
  );
}
