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
      {/*
        The main app's photo (app/routes/home.tsx), with its `sizes`: both srcsets
        then list the same widths (the same size sets, next.config.mjs), so LCP on
        `/` compares like for like. bench/servers.ts copies the file here.
        Since Next.js 16, `priority` only preloads the image and makes it eager;
        the main app's `priority` also fetches it with high priority: so here too.
      */}
      <Image
        src="/images/valley.jpg"
        alt={m.photoAlt}
        sizes="(min-width: 800px) 50vw, 100vw"
        width={2400}
        height={1600}
        className="photo"
        priority
        fetchPriority="high"
      />
    </Layout>
  );
}
