import { Props } from "../../lib/observe.js";

export function getStaticPaths() {
  return {
    paths: [{ params: { slug: "first" } }, { params: { slug: "second" }, locale: "fr" }],
    fallback: false,
  };
}

export function getStaticProps(context) {
  return {
    props: {
      keys: Object.keys(context).sort(),
      params: context.params,
      locale: context.locale ?? null,
    },
    revalidate: 60,
  };
}

export default function Ssg(props) {
  return (
    <main>
      <h1>SSG {props.params.slug}</h1>
      <Props value={props} />
    </main>
  );
}
