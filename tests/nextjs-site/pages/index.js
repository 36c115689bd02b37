import { Props } from "../lib/observe.js";

export default function Home(props) {
  return (
    <main>
      <h1>Home</h1>
      <Props value={props} />
    </main>
  );
}
