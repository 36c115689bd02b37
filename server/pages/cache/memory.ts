/**
 * The in-memory tier of our caches (pages rendered once, image variants): least
 * recently used first, bounded by the bytes of what it holds, not their count,
 * since pages and images differ in size by orders of magnitude. A value larger
 * than the whole budget is not kept, and evicts nothing; a budget of 0 keeps nothing.
 */
import { LRUCache } from "lru-cache";

export type MemoryCache<V extends NonNullable<unknown>> = LRUCache<string, V>;

export function memoryCache<V extends NonNullable<unknown>>(
  maxBytes: number,
  sizeOf: (value: V) => number,
  { evicted }: { evicted?: () => void } = {},
): MemoryCache<V> {
  return new LRUCache<string, V>({
    // Told of values dropped to make room, not of those deleted or replaced.
    ...(evicted && { dispose: (_value, _key, reason) => reason === "evict" && evicted() }),
    // lru-cache wants a positive budget: a budget of 0 is given as 1, and every value as 2.
    maxSize: Math.max(1, maxBytes),
    sizeCalculation: (value) => (maxBytes === 0 ? 2 : Math.max(1, sizeOf(value))),
  });
}
