import Link from "next/link";

/** A link to a path no page answers: nothing to prefetch. */
export default function DeadLink() {
  return (
    <main>
      <h1>Dead link</h1>
      <Link href="/no-such-page" id="dead-link">
        Gone
      </Link>
    </main>
  );
}
