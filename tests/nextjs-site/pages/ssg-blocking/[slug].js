import { Props } from "../../lib/observe.js";

export function getStaticPaths() {
  return { paths: [], fallback: "blocking" };
}

export function getStaticProps({ params }) {
  if (params.slug === "missing") return { notFound: true };
  if (params.slug === "moved") return { redirect: { destination: "/about", permanent: false } };
  return { props: { slug: params.slug } };
}

export default function Blocking(props) {
  return (
    <main>
      <h1>Blocking {props.slug}</h1>
      <Props value={props} />
    </main>
  );
}
