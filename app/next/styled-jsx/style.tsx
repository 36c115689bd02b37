/**
 * The runtime of styled-jsx's compiled `<style jsx>` (what `styled-jsx/style`
 * resolves to; compile.ts turns the source into it). A style is a React 19
 * hoisted stylesheet: rendered into the document's head on the server and in
 * the browser, once for each id however many components render it, so it is
 * there at first paint and hydrates without a flash. Class names are the ones
 * styled-jsx gives: `jsx-<hash>` (the compiler's hash for a static style; for
 * a dynamic one, the hash of it and the values it interpolates).
 */
import type { ReactNode } from "react";

/** The placeholder the compiler puts where a dynamic style's class goes. */
const DYNAMIC_SELECTOR = /__jsx-style-dynamic-selector/g;

/** styled-jsx's string hash (djb2 with XOR), so a dynamic class is the one it gives. */
function hash(text: string): number {
  let value = 5381;
  for (let i = text.length; i > 0;) value = (value * 33) ^ text.charCodeAt(--i);
  return value >>> 0;
}

/** A style's class: `jsx-<id>` for a static one; for a dynamic one, its id and values hashed. */
export function styleClassOf(id: string, values?: readonly unknown[]): string {
  return values === undefined ? `jsx-${id}` : `jsx-${hash(`${id}-${String(values)}`)}`;
}

interface StyleProps {
  readonly id: string;
  readonly dynamic?: readonly unknown[];
  readonly children?: string | readonly string[];
}

function JSXStyle({ id, dynamic, children }: StyleProps): ReactNode {
  const className = styleClassOf(id, dynamic);
  const rules = typeof children === "string" ? [children] : (children ?? []);
  const css = rules
    .map((rule) => (dynamic === undefined ? rule : rule.replace(DYNAMIC_SELECTOR, className)))
    .join("");
  if (css === "") return null;
  return (
    <style href={className} precedence="styled-jsx">
      {css}
    </style>
  );
}

/** The classes of the dynamic styles an element is in: `[[id, values], ...]`. */
JSXStyle.dynamic = (styles: readonly (readonly [string, readonly unknown[]])[]): string =>
  styles.map(([id, values]) => styleClassOf(id, values)).join(" ");

export default JSXStyle;
