import { useRouter } from "next/router";
import { Layout } from "../../components/Layout.js";
import { messages } from "../../lib/messages.js";

// A required catch-all: `/docs` alone matches no page, so it is a 404.
export function getServerSideProps({ params }) {
  return { props: { path: params.path } };
}

export default function Docs({ path }) {
  const m = messages(useRouter().locale).docs;
  return (
    <Layout pattern="/docs/[...path]" params={{ path }} title={m.title}>
      <p>{m.body(path.join(" / "))}</p>
    </Layout>
  );
}
