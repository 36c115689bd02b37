import Image from "next/image";
import { useRouter } from "next/router";
import { Layout } from "../components/Layout.js";
import { messages } from "../lib/messages.js";

export default function Home() {
  const m = messages(useRouter().locale).home;
  return (
    <Layout pattern="/" title={m.title}>
      {/* An SVG: next/image serves it as is (unoptimized), as the main app's home page does. */}
      <Image src="/images/shell.svg" alt="" width={120} height={40} priority />
      <p>{m.intro}</p>
    </Layout>
  );
}
