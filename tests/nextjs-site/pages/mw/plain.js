import { RouterFields } from "../../lib/observe.js";

/** A page without data, which the middleware lets through. */
export default function Plain() {
  return (
    <main>
      <h1>Plain</h1>
      <RouterFields />
    </main>
  );
}
