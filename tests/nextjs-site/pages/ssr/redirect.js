export function getServerSideProps({ query }) {
  if (query.to === "permanent") return { redirect: { destination: "/about", permanent: true } };
  if (query.to === "status") return { redirect: { destination: "/about?x=1", statusCode: 303 } };
  return { redirect: { destination: "/ssr/two", permanent: false } };
}
export default function Never() {
  return <h1>never shown</h1>;
}
