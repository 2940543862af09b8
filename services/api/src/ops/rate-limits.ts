import type { IncomingMessage } from 'node:http';
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterMongo, RateLimiterRes } from 'rate-limiter-flexible';
import type { RateLimitCount, RateLimiter, RateLimits } from '@chat/http';
import type { Config, RateLimitSpec } from '../config.js';
import { mongoDatabase } from '../config-stores.js';

/** rate-limiter-flexible behind the pipeline's port: counts in this process, or in MongoDB for every API process. */
class FlexibleLimiter implements RateLimiter {
  constructor(
    private readonly limiter: RateLimiterAbstract,
    private readonly points: number,
  ) {}

  async hit(key: string): Promise<number | null> {
    return (await this.count(key)).waitMs;
  }

  async count(key: string): Promise<RateLimitCount> {
    try {
      const counted = await this.limiter.consume(key);
      return { limit: this.points, remaining: counted.remainingPoints, resetMs: counted.msBeforeNext, waitMs: null };
    } catch (refusal) {
      if (refusal instanceof RateLimiterRes) return { limit: this.points, remaining: 0, resetMs: refusal.msBeforeNext, waitMs: refusal.msBeforeNext };
      throw refusal;
    }
  }

  async reset(key: string): Promise<void> {
    await this.limiter.delete(key);
  }
}

/** How long a count waits for MongoDB before it is counted in the process instead (the driver's default is 30 s). */
const MONGO_WAIT_MS = 1_000;
/** After MongoDB failed a count, counts stay in the process this long before MongoDB is tried again. */
const MONGO_BREAK_MS = 10_000;

/**
 * Counts in MongoDB, shared by every API process; while MongoDB fails, in this process. A failure
 * opens a break of MONGO_BREAK_MS during which MongoDB is not asked at all, so an outage costs one
 * request at most MONGO_WAIT_MS, not every request 30 s.
 */
class FailoverLimiter implements RateLimiter {
  private downUntil = 0;
  private indexed = false;

  constructor(
    private readonly shared: RateLimiter,
    private readonly local: RateLimiter,
    private readonly createIndexes: () => Promise<void>,
  ) {}

  hit(key: string): Promise<number | null> {
    return this.use((limiter) => limiter.hit(key));
  }

  count(key: string): Promise<RateLimitCount> {
    return this.use((limiter) => limiter.count(key));
  }

  /** Forgets the key wherever it may have been counted: in MongoDB and in this process (counted there while MongoDB failed). */
  async reset(key: string): Promise<void> {
    await Promise.all([this.local.reset(key), this.use((limiter) => limiter.reset(key))]);
  }

  private async use<T>(count: (limiter: RateLimiter) => Promise<T>): Promise<T> {
    if (Date.now() < this.downUntil) return count(this.local);
    try {
      const counted = await count(this.shared);
      // Its expiry index, once MongoDB answers (a start while it was down created none).
      if (!this.indexed) {
        this.indexed = true;
        this.createIndexes().catch(() => (this.indexed = false));
      }
      return counted;
    } catch {
      this.downUntil = Date.now() + MONGO_BREAK_MS;
      return count(this.local);
    }
  }
}

export interface OpenRateLimits {
  limits: RateLimits;
  close(): Promise<void>;
}

/**
 * The limits the configuration asks for. In MongoDB (database `<MONGO_DB_PREFIX>_rate_limits`) every
 * API process counts against the same numbers; should MongoDB fail, each process goes on counting alone.
 */
export async function openRateLimits(config: Config): Promise<OpenRateLimits> {
  const specs = config.rateLimits;
  const anyOn = specs.user !== null || specs.ip !== null || specs.auth !== null;
  // Not connected here: the driver connects at the first count, so a start while MongoDB is down still
  // serves. Its client is loaded only when the counts live there (it takes about 0.3 s to load).
  const client = anyOn && config.rateLimitStore === 'mongodb' && config.mongoUrl ? (await import('@chat/realtime/mongodb')).lazyMongoClient(config.mongoUrl, MONGO_WAIT_MS) : null;
  const limiter = (keyPrefix: string, spec: RateLimitSpec | null): RateLimiter | null => {
    if (!spec) return null;
    const options = { keyPrefix, points: spec.points, duration: spec.seconds };
    const memory = new FlexibleLimiter(new RateLimiterMemory(options), spec.points);
    if (!client) return memory;
    const mongo = new RateLimiterMongo({ ...options, storeClient: client, dbName: mongoDatabase(config.stores, 'rate_limits'), disableIndexesCreation: true });
    return new FailoverLimiter(new FlexibleLimiter(mongo, spec.points), memory, () => mongo.createIndexes());
  };
  return {
    limits: {
      user: limiter('user', specs.user),
      ip: limiter('ip', specs.ip),
      auth: limiter('auth', specs.auth),
      clientAddress: config.trustProxy ? forwardedAddress : peerAddress,
    },
    close: async () => {
      await client?.close();
    },
  };
}

const peerAddress = (req: IncomingMessage): string => req.socket.remoteAddress ?? 'unknown';

/** Behind one trusted proxy, the address it saw is the last X-Forwarded-For entry (earlier ones are the client's say). */
function forwardedAddress(req: IncomingMessage): string {
  const header = req.headers['x-forwarded-for'];
  const entries = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',').map((entry) => entry.trim()).filter(Boolean);
  return entries[entries.length - 1] ?? peerAddress(req);
}
