import { Props } from "../lib/observe.js";

/** As ssg-reason.js, for a page revalidated before anyone asked for it since the start. */
export function getStaticProps(context) {
  return { props: { revalidateReason: context.revalidateReason ?? null } };
}

export default function SsgReasonCold(props) {
  return (
    <main>
      <h1>Why it was made, revalidated first</h1>
      <Props value={props} />
    </main>
  );
}
