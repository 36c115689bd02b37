/**
 * How many times a fixture's loader ran: in this process, or, when the server
 * shares a cache (CACHE_URL), in that Redis, so that a test behind several
 * replicas sees one count for all of them. Test fixtures only; the app itself
 * keeps no state of its own in the shared cache.
 */
import { Redis } from "ioredis";

const local = new Map<string, number>();
let redis: Redis | null | undefined;

function shared(): Redis | null {
  if (redis === undefined) {
    const url = process.env.CACHE_URL;
    redis = url
      ? new Redis(url, { commandTimeout: 500, maxRetriesPerRequest: 1, lazyConnect: true })
      : null;
    redis?.on("error", () => {}); // the server logs the cache's outages
  }
  return redis;
}

/** Adds one to the count named `name` and returns it (this process's count while Redis is down). */
export async function increment(name: string): Promise<number> {
  const client = shared();
  if (client !== null) {
    try {
      return await client.incr(`rrss:lab:${name}`);
    } catch {
      // Counted here instead: a test of the cache's outage wants the page, not a 500.
    }
  }
  const count = (local.get(name) ?? 0) + 1;
  local.set(name, count);
  return count;
}
