import { join, resolve } from 'node:path';
import { DEFAULT_INVITATION_LINK_VALIDITY_MINUTES } from '@chat/core/invite-defaults';
import { ConfigError, integer } from './config-values.js';
import { type StoreSettings, storeSettings } from './config-stores.js';
import { withoutCredentials } from './secrets/log-redaction.js';

export { ConfigError };

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  eventStore: 'sqlite' | 'esdb';
  esdbUrl: string | null;
  readStore: 'memory' | 'mongodb';
  mongoUrl: string | null;
  ownerEmail: string | null;
  ownerPassword: string | null;
  orgName: string | null;
  /** The address clients use to reach the server; defaults to http://HOST:PORT (the bound port). */
  externalUrl: string;
  externalUrlExplicit: boolean;
  /** scrypt cost (N); lowered only by tests. */
  scryptCost: number;
  /** Event queues idle this long are dropped (600 s). */
  queueIdleMs: number;
  /** A waiting poll gets a heartbeat after this long (50 s, within the 45–55 s clients expect). */
  heartbeatMs: number;
  /** INVITATION_LINK_VALIDITY_MINUTES: how long an invitation link works when its creator names no expiry (10 days). */
  invitationLinkValidityMinutes: number;
  /** CHAT_DELETE_TOPIC_TIME_BUDGET_MS: how long one delete_topic request deletes batches before answering `complete: false` (10 s). */
  deleteTopicTimeBudgetMs: number;
  /** CHAT_SCHEDULER_TICK_MS: how often the scheduler looks for due work (1 s); 0 turns the timer off (tests run it by hand). */
  schedulerTickMs: number;
  /** CHAT_MAX_UPLOAD_MIB: the largest file POST /user_uploads takes (25 MiB). */
  maxUploadMib: number;
  /** The largest custom emoji image, in MiB (the public API's MAX_EMOJI_FILE_SIZE_MIB). */
  maxEmojiMib: number;
  /** CHAT_UNCLAIMED_UPLOAD_DAYS: an upload no message links is deleted this many days after it was uploaded or unlinked (21). */
  unclaimedUploadDays: number;
  /** CHAT_PUSH_BOUNCER_URL: the push notification service (bouncer) base URL; unset means push is not configured. */
  pushBouncerUrl: string | null;
  /** CHAT_PUSH_BOUNCER_TIMEOUT_MS: how long a request to the bouncer may take before it counts as unreachable (10 s). */
  pushBouncerTimeoutMs: number;
  /** CHAT_PUSH_DELAY_MS: how long after a message is sent its pushes are decided and sent (0: at the next scheduler tick). */
  pushDelayMs: number;
  /** How long an outgoing webhook's service has to answer (CHAT_OUTGOING_WEBHOOK_TIMEOUT_MS). */
  outgoingWebhookTimeoutMs: number;
  /** Whether webhooks may reach private, loopback and link-local addresses (CHAT_WEBHOOK_ALLOW_PRIVATE_ADDRESSES). */
  webhookAllowPrivateAddresses: boolean;
  /** CHAT_MAX_QUEUES_PER_USER: live event queues one user may hold; registering one more drops their least recently used (100). */
  maxQueuesPerUser: number;
  /** CHAT_SNAPSHOT_EVERY: a read-models snapshot after this many events (50,000); 0 turns snapshots off (memory read store only). */
  snapshotEvery: number;
  /** Whole request, headers, and idle connection timeouts (CHAT_REQUEST_TIMEOUT_MS, CHAT_HEADERS_TIMEOUT_MS, CHAT_IDLE_TIMEOUT_MS). */
  timeouts: { requestMs: number; headersMs: number; idleMs: number };
  /** CHAT_RATE_LIMIT_USER / _IP / _AUTH: requests per window; null turns a limit off. */
  rateLimits: { user: RateLimitSpec | null; ip: RateLimitSpec | null; auth: RateLimitSpec | null };
  /** CHAT_RATE_LIMIT_STORE: where counts live; `mongodb` (MONGO_URL) lets several API processes share them. */
  rateLimitStore: 'memory' | 'mongodb';
  /** CHAT_TRUST_PROXY: take the client's address from the last X-Forwarded-For entry (behind one reverse proxy). */
  trustProxy: boolean;
  /** CHAT_SMTP_URL: send mail through this SMTP server (smtp:// or smtps://); unset keeps the file outbox. */
  smtpUrl: string | null;
  /** CHAT_MAIL_FROM: the sender of the server's mail. */
  mailFrom: string;
  /** CHAT_GIPHY_API_KEY: the GIPHY key clients use for the GIF picker; empty means GIPHY is not offered. */
  giphyApiKey: string;
  /** How the production stores are used: namespaces, retries, waits (config-stores.ts). */
  stores: StoreSettings;
  /** CHAT_KEY_STORE: where the keys of sealed values live (docs/topics/forgetting.md): beside the log, or MongoDB (MONGO_URL). */
  keyStore: 'sqlite' | 'mongodb';
  /** CHAT_LOG_SEALING: seal what may have to be forgotten (on); `off` only to measure what sealing costs. */
  logSealing: boolean;
}

/** So many requests per so many seconds. */
export interface RateLimitSpec {
  points: number;
  seconds: number;
}


function oneOf<T extends string>(name: string, value: string | undefined, allowed: readonly T[], fallback: T): T {
  if (value === undefined || value === '') return fallback;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new ConfigError(`${name} must be one of ${allowed.join(', ')} (got '${value}')`);
}

/** Reads the server's configuration from the environment; a bad value stops the start with a clear message. */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): Config {
  const port = integer('PORT', env.PORT, 9991, 0, 65535);
  const host = env.HOST || '127.0.0.1';
  const eventStore = oneOf('EVENT_STORE', env.EVENT_STORE, ['sqlite', 'esdb'] as const, 'sqlite');
  const readStore = oneOf('READ_STORE', env.READ_STORE, ['memory', 'mongodb'] as const, 'memory');
  if (eventStore === 'esdb' && !env.ESDB_URL) throw new ConfigError('EVENT_STORE=esdb needs ESDB_URL');
  if (readStore === 'mongodb' && !env.MONGO_URL) throw new ConfigError('READ_STORE=mongodb needs MONGO_URL');
  if (env.CHAT_RATE_LIMIT_STORE === 'mongodb' && !env.MONGO_URL) throw new ConfigError('CHAT_RATE_LIMIT_STORE=mongodb needs MONGO_URL');
  if (env.CHAT_KEY_STORE === 'mongodb' && !env.MONGO_URL) throw new ConfigError('CHAT_KEY_STORE=mongodb needs MONGO_URL');
  const externalUrl = (env.CHAT_EXTERNAL_URL || `http://${host.includes(':') ? `[${host}]` : host}:${port}`).replace(/\/+$/, '');
  try {
    new URL(externalUrl);
  } catch {
    throw new ConfigError(`CHAT_EXTERNAL_URL must be a URL (got '${withoutCredentials(externalUrl)}')`);
  }
  return {
    port,
    host,
    dataDir: resolve(env.DATA_DIR || './data'),
    eventStore,
    esdbUrl: env.ESDB_URL || null,
    readStore,
    mongoUrl: env.MONGO_URL || null,
    ownerEmail: env.CHAT_OWNER_EMAIL || null,
    ownerPassword: env.CHAT_OWNER_PASSWORD || null,
    orgName: env.CHAT_ORG_NAME || null,
    externalUrl,
    externalUrlExplicit: Boolean(env.CHAT_EXTERNAL_URL),
    queueIdleMs: integer('CHAT_QUEUE_IDLE_MS', env.CHAT_QUEUE_IDLE_MS, 600_000, 1, 86_400_000),
    heartbeatMs: integer('CHAT_HEARTBEAT_MS', env.CHAT_HEARTBEAT_MS, 50_000, 1, 3_600_000),
    invitationLinkValidityMinutes: integer(
      'CHAT_INVITATION_LINK_VALIDITY_MINUTES',
      env.CHAT_INVITATION_LINK_VALIDITY_MINUTES,
      DEFAULT_INVITATION_LINK_VALIDITY_MINUTES,
      1,
      52_560_000,
    ),
    deleteTopicTimeBudgetMs: integer('CHAT_DELETE_TOPIC_TIME_BUDGET_MS', env.CHAT_DELETE_TOPIC_TIME_BUDGET_MS, 10_000, 0, 600_000),
    schedulerTickMs: integer('CHAT_SCHEDULER_TICK_MS', env.CHAT_SCHEDULER_TICK_MS, 1000, 0, 3_600_000),
    maxUploadMib: integer('CHAT_MAX_UPLOAD_MIB', env.CHAT_MAX_UPLOAD_MIB, 25, 1, 10_240),
    maxEmojiMib: integer('CHAT_MAX_EMOJI_FILE_SIZE_MIB', env.CHAT_MAX_EMOJI_FILE_SIZE_MIB, 5, 1, 100),
    unclaimedUploadDays: integer('CHAT_UNCLAIMED_UPLOAD_DAYS', env.CHAT_UNCLAIMED_UPLOAD_DAYS, 21, 1, 3650),
    pushBouncerUrl: httpUrl('CHAT_PUSH_BOUNCER_URL', env.CHAT_PUSH_BOUNCER_URL),
    pushBouncerTimeoutMs: integer('CHAT_PUSH_BOUNCER_TIMEOUT_MS', env.CHAT_PUSH_BOUNCER_TIMEOUT_MS, 10_000, 1, 120_000),
    pushDelayMs: integer('CHAT_PUSH_DELAY_MS', env.CHAT_PUSH_DELAY_MS, 0, 0, 3_600_000),
    outgoingWebhookTimeoutMs: integer('CHAT_OUTGOING_WEBHOOK_TIMEOUT_MS', env.CHAT_OUTGOING_WEBHOOK_TIMEOUT_MS, 10_000, 1, 120_000),
    webhookAllowPrivateAddresses: oneOf('CHAT_WEBHOOK_ALLOW_PRIVATE_ADDRESSES', env.CHAT_WEBHOOK_ALLOW_PRIVATE_ADDRESSES, ['true', 'false'] as const, 'false') === 'true',
    maxQueuesPerUser: integer('CHAT_MAX_QUEUES_PER_USER', env.CHAT_MAX_QUEUES_PER_USER, 100, 1, 100_000),
    snapshotEvery: integer('CHAT_SNAPSHOT_EVERY', env.CHAT_SNAPSHOT_EVERY, 50_000, 0, 1_000_000_000),
    timeouts: {
      requestMs: integer('CHAT_REQUEST_TIMEOUT_MS', env.CHAT_REQUEST_TIMEOUT_MS, 120_000, 1000, 3_600_000),
      headersMs: integer('CHAT_HEADERS_TIMEOUT_MS', env.CHAT_HEADERS_TIMEOUT_MS, 20_000, 1000, 600_000),
      idleMs: integer('CHAT_IDLE_TIMEOUT_MS', env.CHAT_IDLE_TIMEOUT_MS, 120_000, 1000, 3_600_000),
    },
    rateLimits: {
      user: rateLimit('CHAT_RATE_LIMIT_USER', env.CHAT_RATE_LIMIT_USER, { points: 200, seconds: 60 }),
      ip: rateLimit('CHAT_RATE_LIMIT_IP', env.CHAT_RATE_LIMIT_IP, { points: 100, seconds: 60 }),
      auth: rateLimit('CHAT_RATE_LIMIT_AUTH', env.CHAT_RATE_LIMIT_AUTH, { points: 5, seconds: 1800 }),
    },
    rateLimitStore: oneOf('CHAT_RATE_LIMIT_STORE', env.CHAT_RATE_LIMIT_STORE, ['memory', 'mongodb'] as const, readStore),
    trustProxy: oneOf('CHAT_TRUST_PROXY', env.CHAT_TRUST_PROXY, ['true', 'false'] as const, 'false') === 'true',
    smtpUrl: smtpUrl(env.CHAT_SMTP_URL),
    mailFrom: env.CHAT_MAIL_FROM || `noreply@${new URL(externalUrl).hostname}`,
    giphyApiKey: env.CHAT_GIPHY_API_KEY ?? '',
    keyStore: oneOf('CHAT_KEY_STORE', env.CHAT_KEY_STORE, ['sqlite', 'mongodb'] as const, readStore === 'mongodb' ? 'mongodb' : 'sqlite'),
    logSealing: oneOf('CHAT_LOG_SEALING', env.CHAT_LOG_SEALING, ['on', 'off'] as const, 'on') === 'on',
    scryptCost: powerOfTwo('CHAT_SCRYPT_COST', integer('CHAT_SCRYPT_COST', env.CHAT_SCRYPT_COST, 16384, 1024, 1048576)),
    stores: storeSettings(env),
  };
}

/** An optional http(s) URL setting, without trailing slashes; unset or empty is null. */
function httpUrl(name: string, value: string | undefined): string | null {
  if (value === undefined || value === '') return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`${name} must be a URL (got '${withoutCredentials(value)}')`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ConfigError(`${name} must be an http or https URL (got '${withoutCredentials(value)}')`);
  return value.replace(/\/+$/, '');
}

function powerOfTwo(name: string, value: number): number {
  if ((value & (value - 1)) !== 0) throw new ConfigError(`${name} must be a power of two (got ${value})`);
  return value;
}

/** `N/S` (N requests per S seconds), or `off`. */
function rateLimit(name: string, value: string | undefined, fallback: RateLimitSpec): RateLimitSpec | null {
  if (value === undefined || value === '') return fallback;
  if (value === 'off') return null;
  const match = /^(\d+)\/(\d+)$/.exec(value);
  const points = Number(match?.[1]);
  const seconds = Number(match?.[2]);
  if (!match || points < 1 || seconds < 1) throw new ConfigError(`${name} must be N/S (N requests per S seconds, both at least 1) or off (got '${value}')`);
  return { points, seconds };
}

function smtpUrl(value: string | undefined): string | null {
  if (value === undefined || value === '') return null;
  if (!/^smtps?:\/\/[^/]/.test(value)) throw new ConfigError(`CHAT_SMTP_URL must be an smtp:// or smtps:// URL (got '${withoutCredentials(value)}')`);
  return value;
}

/** The memory read models' snapshot file (DATA_DIR/read-models.snapshot), or null when none is kept (MongoDB models, snapshots off). */
export const readModelsSnapshotFile = (config: Config): string | null =>
  config.readStore === 'memory' && config.snapshotEvery !== 0 ? join(config.dataDir, 'read-models.snapshot') : null;
