import Head from "next/head";

export default function About() {
  return (
    <main>
      <Head>
        <title>About the fixture</title>
        <meta name="description" content="from about" key="description" />
      </Head>
      <h1>About</h1>
    </main>
  );
}
