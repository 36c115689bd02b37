import Link from "next/link";

export default function Home() {
  return (
    <main>
      <h1>Under a base path</h1>
      <Link href="/kept" id="kept">
        a page the middleware rewrites
      </Link>
    </main>
  );
}
