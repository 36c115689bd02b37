import Head from "next/head";
import Link from "next/link";
import "../styles/global.css";
import { RouterFields } from "../lib/observe.js";

export default function App({ Component, pageProps }) {
  return (
    <>
      <Head>
        <title>Fixture site</title>
        <meta name="description" content="from _app" key="description" />
      </Head>
      <nav>
        <Link href="/">Home</Link> <Link href="/about">About</Link>{" "}
        <Link href="/ssr/one">SSR one</Link>
      </nav>
      <Component {...pageProps} />
      <RouterFields />
    </>
  );
}
