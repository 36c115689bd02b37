import Link from "next/link";

/** A link to a slow page rendered per request, for quick clicks on it. */
export default function Dedupe() {
  return (
    <main>
      <h1>Dedupe</h1>
      <Link id="counted-link" href="/counted?key=clicks" prefetch={false}>
        Counted
      </Link>
    </main>
  );
}
