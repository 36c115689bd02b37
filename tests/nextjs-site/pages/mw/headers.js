import { Props } from "../../lib/observe.js";

/** What the middleware told the page: the request header it set, and the cookies it was sent. */
export async function getServerSideProps({ req, query }) {
  return {
    props: {
      fromMiddleware: req.headers["x-from-middleware"] ?? null,
      userAgent: typeof req.headers["user-agent"],
      query,
    },
  };
}

export default function Headers(props) {
  return (
    <main>
      <h1>Headers</h1>
      <Props value={props} />
    </main>
  );
}
