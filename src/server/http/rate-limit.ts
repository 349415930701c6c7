import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { runtime } from '../runtime';

/**
 * A limit of attempts per key and window, enough to stop a script hammering a public form (the
 * online shop's checkout) from one address. With several servers (REDIS_URL) the count is kept in
 * Redis, so the limit holds whichever server a request reaches; if Redis does not answer, each
 * server counts in its memory meanwhile. One server alone counts in its memory. rate-limiter-flexible
 * rather than our own counters: maintained, atomic on Redis, with that fallback built in.
 */
export function createRateLimit(options: { name: string; max: number; windowMs: number }) {
  let limiter: RateLimiterAbstract | undefined;
  // Built at the first attempt: the module is loaded before server.ts connects to Redis.
  function build(): RateLimiterAbstract {
    const settings = { points: options.max, duration: Math.ceil(options.windowMs / 1000) };
    const memory = new RateLimiterMemory({ ...settings, keyPrefix: options.name });
    if (!runtime.redis) return memory;
    return new RateLimiterRedis({
      ...settings,
      storeClient: runtime.redis,
      useRedisPackage: true,
      keyPrefix: `comptoir:limit:${options.name}`,
      rejectIfRedisNotReady: true,
      insuranceLimiter: memory,
    });
  }
  return {
    /** Counts one attempt; false when the key already used up its window. */
    async take(key: string): Promise<boolean> {
      limiter ??= build();
      try {
        await limiter.consume(key);
        return true;
      } catch (outcome) {
        if (outcome instanceof RateLimiterRes) return false;
        throw outcome;
      }
    },
  };
}
