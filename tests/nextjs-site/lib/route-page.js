import { Props } from "./observe.js";

/**
 * A page that says which file answered, and with which parameters: for the
 * pages that differ only by precedence (c/[d] beside [a]/b, and deeper ones).
 */
export function RoutePage(props) {
  return (
    <main>
      <h1>{props.file}</h1>
      <Props value={props} />
    </main>
  );
}
