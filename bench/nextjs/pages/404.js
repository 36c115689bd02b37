import Head from "next/head";
import Link from "next/link";
import { useRouter } from "next/router";
import { SiteHeader } from "../components/Layout.js";
import { messages } from "../lib/messages.js";

/** Static, prerendered once per locale; never indexed, no canonical or hreflang links. */
export default function NotFound() {
  const { locale } = useRouter();
  const m = messages(locale).notFound;
  return (
    <>
      <Head>
        <title>{m.title}</title>
        <meta name="robots" content="noindex" />
      </Head>
      <SiteHeader />
      <main data-page="not-found" data-locale={locale}>
        <h1>{m.title}</h1>
        <p>{m.body}</p>
        <Link href="/">{m.home}</Link>
      </main>
    </>
  );
}
