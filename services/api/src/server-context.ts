import type { ChannelEmailTokens } from './secrets/channel-email-tokens.js';
import type { Clock } from '@chat/core';
import type { BackgroundCheckpoints, EventLogReader, EventSchemaRegistry, EventStore, IdAllocator, LogExports } from '@chat/eventstore';
import type { ProjectionRunner, ReadModels, SearchKeeper } from '@chat/projections';
import type { ReadStore, SearchIndex } from '@chat/readstore';
import type { PresenceStore, QueueRegistry } from '@chat/realtime';
import type { Logger } from 'pino';
import type { CommandBus } from './commands/command-bus.js';
import type { Config } from './config.js';
import type { Mailer } from './mail/mailer.js';
import type { ApiKeys } from './secrets/api-keys.js';
import type { Passwords } from './secrets/passwords.js';
import type { PushSetup } from './push/push-setup.js';
import type { OrganizationSnapshots } from './queries/organization-snapshot.js';
import type { DueWork } from './scheduler/due-work.js';
import type { SnapshotSchedule } from './ops/snapshot-schedule.js';
import type { StorageHealth } from './ops/storage-health.js';
import type { TemporaryUploadUrls } from './uploads/temporary-upload-urls.js';
import type { UploadStorage } from './uploads/upload-storage.js';

/** Everything actions and views depend on, wired once at start-up (see compose.ts). */
export interface ServerContext {
  config: Config;
  clock: Clock;
  log: Logger;
  store: EventStore;
  registry: EventSchemaRegistry;
  ids: IdAllocator;
  readStore: ReadStore;
  models: ReadModels;
  /** The full-text index of messages (DATA_DIR/search.sqlite3, or MongoDB beside the read models). */
  search: SearchIndex;
  /** Keeps the search index through failed writes (a full disk): behind, then caught up from the log. */
  searchKeeper: SearchKeeper;
  /** Which writes fail for lack of space: /ready, the metrics, and the probe that finds room again. */
  storage: StorageHealth;
  /** The log as written, before upcasting (events in their stored versions; the export thread reads it on its own). */
  writtenLog: EventLogReader;
  /** Exports of the log (GET /export/events), made in a thread of their own. */
  logExports: LogExports;
  /** WAL checkpoints of the embedded SQLite files, in a thread of their own (null when none is used). */
  walCheckpoints: BackgroundCheckpoints | null;
  /** Users, groups, channels and permissions, read once per change of the organization. */
  organization: OrganizationSnapshots;
  runner: ProjectionRunner;
  /** Writes read-models snapshots (embedded memory read store; null otherwise or when turned off). */
  snapshots: SnapshotSchedule | null;
  bus: CommandBus;
  apiKeys: ApiKeys;
  passwords: Passwords;
  mailer: Mailer;
  queues: QueueRegistry;
  presence: PresenceStore;
  /** Push notifications: the bouncer client (null when none is configured) and the token vault. */
  push: PushSetup;
  /** Runs timed work (scheduled jobs, periodic housekeeping); server.ts ticks it. */
  scheduler: DueWork;
  /** Where uploaded files' bytes are kept (DATA_DIR/uploads by default). */
  uploads: UploadStorage;
  /** Signs and checks the short-lived download links of GET /user_uploads/{realm_id_str}/{filename}. */
  uploadUrls: TemporaryUploadUrls;
  /** The tokens of channels' email addresses (GET /streams/{id}/email_address). */
  channelEmailTokens: ChannelEmailTokens;
}
