import Link from "next/link";

/** Links to paths no page answers: nothing to prefetch, and a click loads a document. */
export default function DeadLink() {
  return (
    <main>
      <h1>Dead link</h1>
      <Link href="/no-such-page" id="dead-link">
        Gone
      </Link>{" "}
      <Link href="/api/counted?key=link" id="api-link">
        An API route
      </Link>
    </main>
  );
}
