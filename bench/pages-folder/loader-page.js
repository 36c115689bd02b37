import { useLoaderData } from "react-router";
import { Layout } from "../../lib/layout.js";

/**
 * pages/blog/[slug].js as a React Router route module (`npm run bench:peers`
 * serves it in a copy of the folder): the same markup from a loader, without
 * the Next.js page layer.
 */
export function loader({ params }) {
  return { slug: params.slug, servedAt: new Date().toISOString() };
}

export default function Post() {
  const { slug, servedAt } = useLoaderData();
  return (
    <Layout title={`Post: ${slug}`}>
      <p>The post called {slug}.</p>
      <p>
        <time dateTime={servedAt}>{servedAt}</time>
      </p>
    </Layout>
  );
}
