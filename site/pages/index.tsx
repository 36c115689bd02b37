import Image from "next/image";
import { useRouter } from "next/router";
import { Page } from "../components/page.tsx";
import { messages } from "../i18n/messages.ts";

export default function Home() {
  const m = messages(useRouter().locale ?? "en").home;
  return (
    <Page title={m.title} description={m.intro}>
      <Image src="/images/shell.svg" alt="" width={120} height={40} loading="eager" />
      <p>{m.intro}</p>
      <Image
        src="/images/valley.jpg"
        alt={m.photoAlt}
        sizes="(min-width: 800px) 50vw, 100vw"
        width={2400}
        height={1600}
        className="photo"
        priority
        // The shell's own: 4.3 KB of AVIF in the page, for every screen that needs 750 px or
        // less (375 px at 2x, Lighthouse's phone). Next.js writes it as an attribute, and ignores it.
        embed={750}
      />
    </Page>
  );
}
