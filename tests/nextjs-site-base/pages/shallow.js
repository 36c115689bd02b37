import Link from "next/link";
import { useRouter } from "next/router";

/** Shown at /kept/ (the middleware's rewrite); each render of its data a new number. */
export default function Shallow({ served }) {
  const { query } = useRouter();
  return (
    <main>
      <p id="served">served {served}</p>
      <p id="query" data-hello={query.hello ?? ""}>
        {JSON.stringify(query)}
      </p>
      <Link href="/kept?hello=deep" id="deep">
        the same URL, its data loaded again
      </Link>
      <Link href="/kept?hello=shallow" shallow id="shallow">
        the same URL, shallow
      </Link>
    </main>
  );
}

let served = 0;

export function getServerSideProps() {
  served += 1;
  return { props: { served } };
}
