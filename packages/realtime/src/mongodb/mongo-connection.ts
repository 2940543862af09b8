import { MongoClient } from 'mongodb';

/**
 * A connection for a library that takes the driver's client itself (rate-limiter-flexible's shared
 * counters): the driver stays in this package's adapters, and the caller holds only an opaque client.
 */
export interface MongoConnection {
  /** The driver's client, to hand to such a library as it is. */
  readonly client: unknown;
  close(): Promise<void>;
}

export async function connectMongo(url: string): Promise<MongoConnection> {
  const client = await MongoClient.connect(url);
  return { client, close: () => client.close() };
}

/**
 * A client not yet connected (it connects at its first operation), waiting at most `waitMs` for a
 * server: for counts that must go on in the process when MongoDB is down (the rate limits).
 */
export function lazyMongoClient(url: string, waitMs: number): MongoClient {
  return new MongoClient(url, { serverSelectionTimeoutMS: waitMs });
}
