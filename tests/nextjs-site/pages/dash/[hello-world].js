import { Props } from "../../lib/observe.js";
// A parameter's name with a dash, which Next.js takes as it is (the query's key too).
export function getServerSideProps({ params, query }) {
  return { props: { params, query } };
}
export default function Dash(props) {
  return (
    <main>
      <h1>Dash</h1>
      <Props value={props} />
    </main>
  );
}
