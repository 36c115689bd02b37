/** An Edge page whose server render fails: a 500 for its request (a build that rendered it would fail). */
export default function EdgeThrows() {
  if (typeof window === "undefined") throw new Error("the edge page failed on the server");
  return <h1>Edge page, in the browser</h1>;
}

export const config = { runtime: "experimental-edge" };
