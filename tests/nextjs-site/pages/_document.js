import { Html, Head, Main, NextScript } from "next/document";

export default function Document() {
  return (
    <Html>
      <Head>
        <meta name="fixture-document" content="yes" />
      </Head>
      <body className="fixture-body">
        <Main />
        <NextScript />
        <div id="after-main">after main</div>
      </body>
    </Html>
  );
}
