import { Layout } from "../lib/layout.js";

export default function Home() {
  return (
    <Layout title="Home">
      <p>The home page: no data.</p>
    </Layout>
  );
}
