import { Layout } from "../../components/Layout.js";

let renders = 0;

/**
 * Incremental static regeneration, as the main app's /lab/revalidate fixture
 * (`revalidate = 2`): rendered at build time, then again in the background once
 * two seconds old. For `npm run bench`'s cached-page comparison.
 */
export function getStaticProps() {
  renders += 1;
  return { props: { render: renders }, revalidate: 2 };
}

export default function Revalidate({ render }) {
  return (
    <Layout pattern="/lab/revalidate" title="Revalidation fixture">
      <p data-render={render}>Render {render} of this page.</p>
    </Layout>
  );
}
