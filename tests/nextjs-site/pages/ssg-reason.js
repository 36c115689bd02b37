import { Props } from "../lib/observe.js";

/** Why getStaticProps ran: at the build, for a stale page, or on demand (res.revalidate). */
export function getStaticProps(context) {
  return { props: { revalidateReason: context.revalidateReason ?? null } };
}

export default function SsgReason(props) {
  return (
    <main>
      <h1>Why it was made</h1>
      <Props value={props} />
    </main>
  );
}
