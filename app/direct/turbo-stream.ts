/**
 * React Router's handoff of a document's loader data, written as React Router
 * writes it (turbo-stream, the version its single fetch uses), for data that is
 * all there and made only of what JSON has and `undefined`: plain objects
 * (with or without a prototype), arrays, strings, numbers (NaN, the infinities and -0 too), booleans, null.
 * Anything else (a Date, a Map, a promise, a class's instance, a function)
 * gets null: such a page is answered through React Router.
 *
 * The format: one JSON array, each value written once at its index, objects as
 * `{"_<key's index>": <value's index>}`, a value met again by its first index,
 * the constants below as negative indices. Values are numbered as they are met
 * and written last met, first written (a stack); what is compared with React
 * Router's own encoding is the text (tests/unit/direct-turbo-stream.test.ts).
 */

const UNDEFINED = -7;
const NULL = -5;
const NAN = -2;
const POSITIVE_INFINITY = -6;
const NEGATIVE_INFINITY = -3;
const NEGATIVE_ZERO = -4;
const HOLE = -1;

class NotPlain extends Error {}

/** The handoff's one line (with its newline) for `value`, or null when it is not plain data. */
export function plainTurboStream(value: object): string | null {
  const written: string[] = [];
  const indices = new Map<unknown, number>();
  const stack: [unknown, number][] = [];
  let next = 0;

  const indexOf = (item: unknown): number => {
    const known = indices.get(item);
    // Index 0 (the root) is never reused: React Router's test is for a truthy index.
    if (known) return known;
    if (item === undefined) return UNDEFINED;
    if (item === null) return NULL;
    if (typeof item === "number") {
      if (Number.isNaN(item)) return NAN;
      if (item === Infinity) return POSITIVE_INFINITY;
      if (item === -Infinity) return NEGATIVE_INFINITY;
      if (item === 0 && 1 / item < 0) return NEGATIVE_ZERO;
    }
    const index = next++;
    indices.set(item, index);
    stack.push([item, index]);
    return index;
  };

  try {
    indexOf(value);
    while (stack.length > 0) {
      const [item, index] = stack.pop()!;
      written[index] = write(item, indexOf);
    }
  } catch (error) {
    if (error instanceof NotPlain) return null;
    throw error;
  }
  return `[${written.join(",")}]\n`;
}

function write(item: unknown, indexOf: (item: unknown) => number): string {
  switch (typeof item) {
    case "string":
    case "number":
    case "boolean":
      return JSON.stringify(item);
    case "object": {
      if (Array.isArray(item)) {
        let out = "[";
        for (let i = 0; i < item.length; i++) {
          out += (i ? "," : "") + (i in item ? indexOf(item[i]) : HOLE);
        }
        return `${out}]`;
      }
      const prototype = item === null ? undefined : Object.getPrototypeOf(item);
      if (prototype !== Object.prototype && prototype !== null) throw new NotPlain();
      const parts: string[] = [];
      for (const key of Object.keys(item!)) {
        const keyIndex = indexOf(key);
        parts.push(`"_${keyIndex}":${indexOf((item as Record<string, unknown>)[key])}`);
      }
      // An object without a prototype is marked so.
      return prototype === null ? `["N",{${parts.join(",")}}]` : `{${parts.join(",")}}`;
    }
    default:
      throw new NotPlain();
  }
}
