export default function ServerError() {
  return <h1>Fixture 500</h1>;
}
