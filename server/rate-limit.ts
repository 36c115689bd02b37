/**
 * Requests allowed per client address (reports, on-demand revalidation): a
 * burst, refilled at a steady rate, for at most `maxClients` addresses at once
 * (the least recently seen are forgotten first).
 */
export class RateLimiter {
  readonly #buckets = new Map<string, { tokens: number; at: number }>();
  readonly burst: number;
  readonly perMinute: number;
  readonly maxClients: number;

  constructor(burst: number, perMinute: number, maxClients = 10_000) {
    this.burst = burst;
    this.perMinute = perMinute;
    this.maxClients = maxClients;
  }

  /** Takes one token for `key`; false when it has none left. */
  take(key: string, now = Date.now()): boolean {
    const bucket = this.#buckets.get(key) ?? { tokens: this.burst, at: now };
    this.#buckets.delete(key); // re-inserted last: the map's order is least recent first
    bucket.tokens = Math.min(
      this.burst,
      bucket.tokens + ((now - bucket.at) * this.perMinute) / 60_000,
    );
    bucket.at = now;
    const allowed = bucket.tokens >= 1;
    if (allowed) bucket.tokens -= 1;
    this.#buckets.set(key, bucket);
    if (this.#buckets.size > this.maxClients) {
      this.#buckets.delete(this.#buckets.keys().next().value!);
    }
    return allowed;
  }
}
