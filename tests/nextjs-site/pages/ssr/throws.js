export function getServerSideProps() {
  throw new Error("getServerSideProps failed on purpose");
}
export default function Never() {
  return <h1>never shown</h1>;
}
