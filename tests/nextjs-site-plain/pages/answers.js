/**
 * Answers as `?as=` says: props (the default), the not-found page, a redirect,
 * an error, or the response ended by the page itself. Its getServerSideProps
 * counts its calls by `?key=` and says the count in a header and the page.
 */
export function getServerSideProps({ query, res }) {
  const calls = (globalThis.__countedCalls ??= {});
  const key = String(query.key ?? "");
  calls[key] = (calls[key] ?? 0) + 1;
  res.setHeader("X-Fixture", `answers ${calls[key]}`);
  switch (query.as) {
    case "missing":
      return { notFound: true };
    case "moved":
      return { redirect: { destination: "/en/about", permanent: false } };
    case "throws":
      throw new Error("getServerSideProps failed on purpose");
    case "sent":
      res.statusCode = 202;
      res.end("answered by the page");
      return { props: {} };
    default:
      return { props: { key, call: calls[key] } };
  }
}

export default function Answers({ key: name, call }) {
  return (
    <main>
      <h1>{`Answers ${name}: call ${call}`}</h1>
    </main>
  );
}
