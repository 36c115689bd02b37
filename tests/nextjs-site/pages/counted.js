import Link from "next/link";

/**
 * Counts its getServerSideProps calls by `?key=` (for the process: api/counted
 * says how many), and takes a while, so that quick clicks overlap.
 */
export async function getServerSideProps({ query }) {
  const calls = (globalThis.__countedCalls ??= {});
  const name = String(query.key ?? "");
  calls[name] = (calls[name] ?? 0) + 1;
  await new Promise((resolve) => setTimeout(resolve, 600));
  return { props: { name } };
}

export default function Counted({ name }) {
  return (
    <main>
      <h1 id="counted">{`Counted ${name}`}</h1>
      <Link href="/about">About</Link>
    </main>
  );
}
