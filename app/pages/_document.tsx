import { Head, Html, Main, NextScript } from "next/document";
import { useCanonicalOptions } from "../root-data.ts";
// Inlined, not linked: the page's only stylesheet is small, and a linked one is
// the one request that stands between the document and its first paint.
import styles from "../app.css?inline";

/** The example site's document: its stylesheet inlined, its icon. */
export default function ExampleDocument() {
  const { basePath } = useCanonicalOptions();
  return (
    <Html>
      <Head>
        <style>{styles}</style>
        <link rel="icon" href={`${basePath}/favicon.svg`} type="image/svg+xml" />
      </Head>
      <body>
        <Main />
        <NextScript />
      </body>
    </Html>
  );
}
