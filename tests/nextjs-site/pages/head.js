import Head from "next/head";

/** next/head from two places: the later one wins per kind and key, as the suite reads from the head. */
export default function HeadPage() {
  return (
    <main>
      <Head>
        <title>First title</title>
        <meta name="description" content="first" key="description" />
        <meta property="og:title" content="one" />
      </Head>
      <h1>Head</h1>
      <Head>
        <title>Second title</title>
        <meta name="description" content="second" key="description" />
        <meta property="og:title" content="two" />
      </Head>
    </main>
  );
}
