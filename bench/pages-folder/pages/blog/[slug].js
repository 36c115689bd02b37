import { Layout } from "../../lib/layout.js";

/** A post, rendered per request: its slug and the time it was served. */
export default function Post({ slug, servedAt }) {
  return (
    <Layout title={`Post: ${slug}`}>
      <p>The post called {slug}.</p>
      <p>
        <time dateTime={servedAt}>{servedAt}</time>
      </p>
    </Layout>
  );
}

export function getServerSideProps({ params }) {
  return { props: { slug: params.slug, servedAt: new Date().toISOString() } };
}
