import { ConfigError, integer } from './config-values.js';

/** How the server uses its stores beyond where they are (see docs/topics/operations.md). */
export interface StoreSettings {
  /** ESDB_STREAM_PREFIX: this server's log is the streams named with it on a shared EventStoreDB ('' : every stream). */
  esdbStreamPrefix: string;
  /** MONGO_DB_PREFIX: the MongoDB databases are `<prefix>_read_models`, `<prefix>_realtime`, `<prefix>_rate_limits` (`chat`). */
  mongoDbPrefix: string;
  /** CHAT_PROJECTION_RETRY_SECONDS: how long a failing projection is retried before the process gives up and exits (120 s). */
  projectionRetryMs: number;
  /** CHAT_READ_YOUR_WRITES_WAIT_MS: how long an appended command waits for its read models before it is answered anyway (10 s). */
  readYourWritesMs: number;
  /** CHAT_WRITER_LEASE_WAIT_SECONDS: how long a starting server waits for the log's writer lease held by a stopping one (15 s). */
  writerLeaseWaitMs: number;
}

const NAME = /^[A-Za-z0-9_.-]*$/;

function name(variable: string, value: string | undefined, fallback: string): string {
  const given = value ?? fallback;
  if (!NAME.test(given)) throw new ConfigError(`${variable} may hold only letters, digits, '_', '.' and '-' (got '${given}')`);
  return given;
}

export function storeSettings(env: NodeJS.ProcessEnv): StoreSettings {
  const mongoDbPrefix = name('MONGO_DB_PREFIX', env.MONGO_DB_PREFIX || undefined, 'chat');
  if (mongoDbPrefix === '') throw new ConfigError('MONGO_DB_PREFIX must not be empty');
  return {
    esdbStreamPrefix: name('ESDB_STREAM_PREFIX', env.ESDB_STREAM_PREFIX, ''),
    mongoDbPrefix,
    projectionRetryMs: 1000 * integer('CHAT_PROJECTION_RETRY_SECONDS', env.CHAT_PROJECTION_RETRY_SECONDS, 120, 0, 86_400),
    readYourWritesMs: integer('CHAT_READ_YOUR_WRITES_WAIT_MS', env.CHAT_READ_YOUR_WRITES_WAIT_MS, 10_000, 0, 600_000),
    writerLeaseWaitMs: 1000 * integer('CHAT_WRITER_LEASE_WAIT_SECONDS', env.CHAT_WRITER_LEASE_WAIT_SECONDS, 15, 0, 3_600),
  };
}

/** The MongoDB database of one part of the server, under MONGO_DB_PREFIX. */
export const mongoDatabase = (settings: StoreSettings, part: 'read_models' | 'realtime' | 'rate_limits' | 'keys'): string => `${settings.mongoDbPrefix}_${part}`;
