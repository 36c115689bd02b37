import { useRouter } from "next/router";
import { Layout } from "../components/Layout.js";
import { messages } from "../lib/messages.js";

export default function About() {
  const m = messages(useRouter().locale).about;
  return (
    <Layout pattern="/about" title={m.title}>
      <p>{m.body}</p>
    </Layout>
  );
}
