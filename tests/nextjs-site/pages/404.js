export default function NotFound() {
  return <h1>Fixture 404</h1>;
}
