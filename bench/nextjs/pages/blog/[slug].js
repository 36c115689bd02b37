import { useRouter } from "next/router";
import { Layout } from "../../components/Layout.js";
import { messages } from "../../lib/messages.js";

/** Rendered per request, as the main app's blog post (its loader runs every time). */
export function getServerSideProps({ params }) {
  return { props: { slug: params.slug, servedAt: new Date().toISOString() } };
}

export default function BlogPost({ slug, servedAt }) {
  const m = messages(useRouter().locale).blogPost;
  return (
    <Layout pattern="/blog/[slug]" params={{ slug }} title={m.title(slug)}>
      <p>{m.body}</p>
      <p>
        <time dateTime={servedAt}>{servedAt}</time>
      </p>
    </Layout>
  );
}
