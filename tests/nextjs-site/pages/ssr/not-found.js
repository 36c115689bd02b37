export function getServerSideProps() {
  return { notFound: true };
}
export default function Never() {
  return <h1>never shown</h1>;
}
