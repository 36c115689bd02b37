import { useRouter } from "next/router";
import { Layout } from "../../components/Layout.js";
import { messages } from "../../lib/messages.js";

export default function BlogNew() {
  const m = messages(useRouter().locale).blogNew;
  return (
    <Layout pattern="/blog/new" title={m.title}>
      <p>{m.body}</p>
    </Layout>
  );
}
