/** A handler that throws: a 500. */
export default function handler() {
  throw new Error("the API route failed on purpose");
}
