import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import {
  RateLimiterDrizzle,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterStoreAbstract,
} from 'rate-limiter-flexible';
import type { Database } from '../../db/client';
import { rateLimits } from '../../db/schema/rate-limits';
import { AppError } from '../app-error';
import { ipRateLimitKey } from './client-ip';
import { RATE_LIMIT_RULES, type RateLimitName, type RateLimitRule } from './rules';

export const RATE_LIMIT_UNAVAILABLE_MESSAGE = 'Please try again in a moment.';

/** One named limit (rules.ts), counted in the shared store. */
export type RateLimit = {
  readonly rule: RateLimitRule;
  /**
   * Counts one attempt for `key` (an e-mail or an IP address, as the rule says). Throws
   * AppError rate_limited with the rule's message and the seconds until the window ends when this
   * attempt is over the limit, or AppError unavailable when the store cannot be reached.
   */
  consume(key: string): Promise<void>;
  /** Forgets the attempts of `key`, e.g. after a successful login. */
  reset(key: string): Promise<void>;
};

export type RateLimits = { readonly [name in RateLimitName]: RateLimit };

/**
 * The rate limits of the spec (rules.ts), with counters in Redis when a client is given, otherwise
 * in the database's `rate_limits` table. Either way they survive a restart and are shared by every
 * instance on the same store.
 *
 * When the store fails:
 * - Database: the attempt is refused with AppError unavailable ("Please try again in a moment.").
 *   Nothing is let through uncounted; the routes behind these limits need the database anyway.
 * - Redis: the attempt is counted in this process' memory instead (rate-limiter-flexible's
 *   insuranceLimiter, same points and window) until Redis answers again. Sign-up and login keep
 *   working during an outage, each instance still enforces the limit on its own, and no request
 *   waits on a dead Redis (connectRedis makes commands fail at once).
 *
 * `namespace` prefixes every stored key (tests use a unique one per run).
 */
export function createRateLimits({
  database,
  redis,
  namespace = 'rate-limit',
}: {
  database: Database;
  redis?: Redis;
  namespace?: string;
}): RateLimits {
  const names = Object.keys(RATE_LIMIT_RULES) as RateLimitName[];
  const entries = names.map((name, index) => {
    const rule: RateLimitRule = RATE_LIMIT_RULES[name];
    const options = {
      points: rule.points,
      duration: rule.durationSeconds,
      keyPrefix: `${namespace}:${rule.keyPrefix}`,
    };
    const limiter: RateLimiterStoreAbstract = redis
      ? new RateLimiterRedis({
          ...options,
          storeClient: redis,
          useRedisPackage: false,
          rejectIfRedisNotReady: true,
          insuranceLimiter: new RateLimiterMemory(options),
        })
      : new RateLimiterDrizzle({
          ...options,
          storeClient: database.db,
          schema: rateLimits,
          // The cleanup deletes rows of the whole table that expired over an hour ago, every five
          // minutes, on an unref'd timer (checked in rate-limiter-flexible 11.4.0), so it never
          // keeps the process alive. One limiter running it is enough.
          clearExpiredByTimeout: index === 0,
        });
    return [name, wrap(rule, limiter)] as const;
  });
  return Object.fromEntries(entries) as unknown as RateLimits;
}

function wrap(rule: RateLimitRule, limiter: RateLimiterStoreAbstract): RateLimit {
  return {
    rule,
    async consume(key) {
      try {
        await limiter.consume(storeKey(rule, key));
      } catch (error) {
        if (error instanceof RateLimiterRes) {
          throw AppError.rateLimited(rule.message, error.msBeforeNext / 1000);
        }
        throw unavailable();
      }
    },
    async reset(key) {
      try {
        await limiter.delete(storeKey(rule, key));
      } catch {
        throw unavailable();
      }
    },
  };
}

/**
 * The stored key: normalized (trimmed and lower case; an IPv6 address by its /64 network), then
 * hashed, so any input (10 kB, NUL, emoji, lone surrogates) becomes 64 hex characters that every
 * store and index accepts, and no e-mail address is stored in the clear.
 */
function storeKey(rule: RateLimitRule, key: string): string {
  const trimmed = key.trim().toLowerCase();
  const normalized = rule.keyKind === 'ip' ? ipRateLimitKey(trimmed) : trimmed;
  return createHash('sha256').update(normalized, 'utf8').digest('hex');
}

function unavailable(): AppError {
  return new AppError('unavailable', RATE_LIMIT_UNAVAILABLE_MESSAGE);
}
