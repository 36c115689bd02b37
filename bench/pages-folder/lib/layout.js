import Head from "next/head";
import Link from "next/link";

/** What every page of the folder shares: its title and a nav of links. */
export function Layout({ title, children }) {
  return (
    <>
      <Head>
        <title>{title}</title>
        <meta name="description" content={`${title}: a page of the bench's pages folder`} />
      </Head>
      <header>
        <nav>
          <Link href="/">Home</Link> <Link href="/about">About</Link>{" "}
          <Link href="/blog/hello">Hello</Link>{" "}
          <Link href={{ pathname: "/blog/[slug]", query: { slug: "second" } }}>Second</Link>
        </nav>
      </header>
      <main>
        <h1>{title}</h1>
        {children}
      </main>
    </>
  );
}
