/**
 * A least-recently-used map bounded by the bytes of its values, not their
 * count: what it holds is pages of very different sizes. A value larger than
 * the whole budget is not stored.
 */
export class ByteBoundedCache<V> {
  readonly #entries = new Map<string, { value: V; bytes: number }>();
  #bytes = 0;
  readonly maxBytes: number;
  readonly #sizeOf: (value: V) => number;

  constructor(maxBytes: number, sizeOf: (value: V) => number) {
    this.maxBytes = maxBytes;
    this.#sizeOf = sizeOf;
  }

  /** The value, marked as the most recently used. */
  get(key: string): V | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    // A Map iterates in insertion order: re-inserting makes this the newest.
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V): void {
    this.delete(key);
    const bytes = this.#sizeOf(value);
    if (bytes > this.maxBytes) return;
    for (const [oldest, entry] of this.#entries) {
      if (this.#bytes + bytes <= this.maxBytes) break;
      this.#entries.delete(oldest);
      this.#bytes -= entry.bytes;
    }
    this.#entries.set(key, { value, bytes });
    this.#bytes += bytes;
  }

  delete(key: string): void {
    const entry = this.#entries.get(key);
    if (entry === undefined) return;
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
  }

  /** Every key and value, least recently used first, without marking them used. */
  *entries(): IterableIterator<[string, V]> {
    for (const [key, entry] of [...this.#entries]) yield [key, entry.value];
  }

  get size(): number {
    return this.#entries.size;
  }

  get bytes(): number {
    return this.#bytes;
  }
}
