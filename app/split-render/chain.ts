/**
 * Where a component sits in React's tree, as `useId` sees it, and how to put a
 * page at the same place in a render of its own.
 *
 * React derives an id from the component's place: every list of children it
 * passes adds the child's index (plus one) in as many bits as the list's length
 * takes, and every component that called `useId` adds a 1 for its children. The
 * newest bits are the highest; the id React writes is those bits in base 32,
 * without the count (so `001` and `1` read alike). Past 30 bits React moves the
 * oldest to an overflow string; a chain that long is not read here (null).
 *
 * A probe whose parent called `useId` reads a chain whose newest bit is that 1:
 * the count is the probe's bits less one, and the chain is the rest.
 */

/** The fork bits above a place in the tree (newest highest) and how many there are. */
export interface TreeChain {
  readonly bits: number;
  readonly length: number;
}

/** One list a wrapper renders: its length, and the index the page takes in it. */
export interface ChainList {
  readonly length: number;
  readonly index: number;
}

/** React moves bits past this many to its overflow string. */
const MAX_CHAIN_BITS = 30;
/** A list of more children than this is not built to rebuild a chain (it never needs to be). */
const MAX_LIST_LENGTH = 4096;
const FIRST_ID = /^_R_([0-9a-v]{1,6})_$/;

const bitLength = (n: number) => 32 - Math.clz32(n);

/**
 * The chain above a probe whose parent called `useId`, from the probe's own id
 * (its first): null for any other id, or for a chain React had to overflow.
 */
export function chainOfProbe(id: string): TreeChain | null {
  const digits = FIRST_ID.exec(id)?.[1];
  if (digits === undefined) return null;
  const value = parseInt(digits, 32);
  const length = bitLength(value) - 1;
  if (length < 0 || length >= MAX_CHAIN_BITS) return null;
  return { bits: value & ~(1 << length), length };
}

/** `outer` followed by `count` ones: what `count` nested components calling `useId` make of it. */
export function withOnes(outer: TreeChain, count: number): TreeChain {
  const ones = (1 << count) - 1;
  return { bits: outer.bits | (ones << outer.length), length: outer.length + count };
}

/** What `inner` adds to `outer` (null when `inner` is not below it). */
export function chainBetween(outer: TreeChain, inner: TreeChain): TreeChain | null {
  if (inner.length < outer.length) return null;
  const mask = outer.length === 0 ? 0 : (1 << outer.length) - 1;
  if ((inner.bits & mask) !== outer.bits) return null;
  return { bits: inner.bits >>> outer.length, length: inner.length - outer.length };
}

/**
 * Nested lists, outermost first, that add `chain` to whatever is above them:
 * any lists whose bits are the chain's do, whatever lists first made it.
 * Null when it would take a list too long to build.
 */
export function listsFor(chain: TreeChain): ChainList[] | null {
  const lists: ChainList[] = [];
  let { bits, length: remaining } = chain;
  while (remaining > 0) {
    let width = Math.min(8, remaining);
    // An index is never 0 bits: a run of zeros takes the bits above it in.
    while ((bits & ((1 << width) - 1)) === 0 && width < remaining) width++;
    // Nor may the last list be left only zeros.
    if (bits >>> width === 0) width = remaining;
    const slot = bits & ((1 << width) - 1);
    if (slot === 0) return null;
    const length = Math.max(slot, 1 << (width - 1));
    if (length > MAX_LIST_LENGTH) return null;
    lists.push({ length, index: slot - 1 });
    bits >>>= width;
    remaining -= width;
  }
  return lists;
}
