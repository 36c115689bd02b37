import type { AppProps } from "next/app";
import Head from "next/head";
import { useRouter } from "next/router";
import { SiteHeader } from "../components/site-header.tsx";
// The site's one stylesheet: small, so the shell puts it in the document's head.
import "../styles/app.css";

/** The example site's frame: its icon, its header and language switcher around every page. */
export default function ExampleApp({ Component, pageProps }: AppProps) {
  const { locale, defaultLocale, basePath } = useRouter();
  return (
    <>
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href={`${basePath}/favicon.svg`} type="image/svg+xml" />
      </Head>
      <SiteHeader locale={locale ?? defaultLocale ?? "en"} />
      <Component {...pageProps} />
    </>
  );
}
