/**
 * Requests allowed per client address (reports, on-demand revalidation):
 * `points` in each window of `seconds`. With the shared cache they are counted in
 * its Redis, every replica's requests together; without it, or while Redis
 * fails, in this process (rate-limiter-flexible's insurance limiter), so a
 * limit never fails a request nor lapses.
 */
import type { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";

export interface RateLimit {
  /** Takes one request for `key`; false when its window has none left. */
  take(key: string): Promise<boolean>;
}

export function rateLimit(
  name: string,
  { points, seconds }: { points: number; seconds: number },
  redis: Redis | null = null,
): RateLimit {
  const memory = new RateLimiterMemory({ keyPrefix: name, points, duration: seconds });
  const limiter = redis
    ? new RateLimiterRedis({
        storeClient: redis,
        keyPrefix: `rrss:limit:${name}`,
        points,
        duration: seconds,
        // Not connected: counted here at once, not after a timeout.
        rejectIfRedisNotReady: true,
        insuranceLimiter: memory,
      })
    : memory;
  return {
    async take(key) {
      try {
        await limiter.consume(key);
        return true;
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) return false;
        throw rejection;
      }
    },
  };
}
