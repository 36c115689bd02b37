import type { AppProps } from "next/app";
import Head from "next/head";
import { SiteHeader } from "../components/site-header.tsx";
import { useLocalePath } from "../root-data.ts";

/** The example site's frame: its header and language switcher around every page. */
export default function ExampleApp({ Component, pageProps }: AppProps) {
  const { locale } = useLocalePath();
  return (
    <>
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
      </Head>
      <SiteHeader locale={locale} />
      <Component {...pageProps} />
    </>
  );
}
