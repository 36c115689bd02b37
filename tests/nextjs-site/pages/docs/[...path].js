import { Props } from "../../lib/observe.js";
export function getServerSideProps({ params, query }) {
  return { props: { params, query } };
}
export default function Docs(props) {
  return (
    <main>
      <h1>Docs</h1>
      <Props value={props} />
    </main>
  );
}
