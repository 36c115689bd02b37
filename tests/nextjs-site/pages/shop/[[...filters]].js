import { Props } from "../../lib/observe.js";
export function getServerSideProps({ params, query }) {
  return { props: { params: params ?? null, query } };
}
export default function Shop(props) {
  return (
    <main>
      <h1>Shop</h1>
      <Props value={props} />
    </main>
  );
}
