/** A page for the Edge runtime with no data: rendered per request, never at build. */
export default function Edge() {
  return <h1>Edge page</h1>;
}

export const config = { runtime: "experimental-edge" };
