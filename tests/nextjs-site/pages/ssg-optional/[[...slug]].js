import { Props } from "../../lib/observe.js";
// getStaticPaths naming the optional catch-all's root as Next.js takes it: null, and [].
export function getStaticPaths({ locales }) {
  return {
    paths: locales.flatMap((locale) => [
      { params: { slug: null }, locale },
      { params: { slug: ["a"] }, locale },
      { params: { slug: [] }, locale },
    ]),
    fallback: false,
  };
}
export function getStaticProps({ params }) {
  return { props: { params } };
}
export default function SsgOptional(props) {
  return (
    <main>
      <h1>Optional</h1>
      <Props value={props} />
    </main>
  );
}
