import { Layout } from "../lib/layout.js";

export default function About() {
  return (
    <Layout title="About">
      <p>About this folder: a page with no data, rendered once.</p>
    </Layout>
  );
}
