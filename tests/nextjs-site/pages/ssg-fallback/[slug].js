import { useRouter } from "next/router";
import { Props } from "../../lib/observe.js";

export function getStaticPaths() {
  return { paths: [{ params: { slug: "listed" } }], fallback: true };
}

export function getStaticProps({ params }) {
  return { props: { slug: params.slug } };
}

/** What the fallback shows, then the page; the suite reads both. */
export default function Fallback(props) {
  const router = useRouter();
  if (router.isFallback) return <p id="fallback">Loading…</p>;
  return (
    <main>
      <h1>Fallback {props.slug}</h1>
      <Props value={props} />
    </main>
  );
}
