import type { IncomingMessage } from 'node:http';
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterMongo, RateLimiterRes } from 'rate-limiter-flexible';
import type { RateLimiter, RateLimits } from '@chat/http';
import type { Config, RateLimitSpec } from '../config.js';

/** rate-limiter-flexible behind the pipeline's port: counts in this process, or in MongoDB for every API process. */
class FlexibleLimiter implements RateLimiter {
  constructor(private readonly limiter: RateLimiterAbstract) {}

  async hit(key: string): Promise<number | null> {
    try {
      await this.limiter.consume(key);
      return null;
    } catch (refusal) {
      if (refusal instanceof RateLimiterRes) return refusal.msBeforeNext;
      throw refusal;
    }
  }

  async reset(key: string): Promise<void> {
    await this.limiter.delete(key);
  }
}

export interface OpenRateLimits {
  limits: RateLimits;
  close(): Promise<void>;
}

/**
 * The limits the configuration asks for. In MongoDB (database `chat_rate_limits`) every API process
 * counts against the same numbers; should MongoDB fail, each process goes on counting alone.
 */
export async function openRateLimits(config: Config): Promise<OpenRateLimits> {
  const specs = config.rateLimits;
  const anyOn = specs.user !== null || specs.ip !== null || specs.auth !== null;
  // MongoDB's client is loaded only when the counts live there (it takes about 0.3 s to load).
  const client = anyOn && config.rateLimitStore === 'mongodb' && config.mongoUrl ? await (await import('mongodb')).MongoClient.connect(config.mongoUrl) : null;
  const limiter = (keyPrefix: string, spec: RateLimitSpec | null): RateLimiter | null => {
    if (!spec) return null;
    const options = { keyPrefix, points: spec.points, duration: spec.seconds };
    const memory = new RateLimiterMemory(options);
    const counter = client ? new RateLimiterMongo({ ...options, storeClient: client, dbName: 'chat_rate_limits', insuranceLimiter: memory }) : memory;
    return new FlexibleLimiter(counter);
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
