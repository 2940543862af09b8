import type { Clock } from '@chat/core';
import type { BackgroundCheckpoints, EventLogReader, EventSchemaRegistry, EventStore, IdAllocator, LogExports } from '@chat/eventstore';
import type { SubjectKeys } from '@chat/keystore';
import type { ProjectionRunner, ReadModels, SearchKeeper } from '@chat/projections';
import type { ReadStore, SearchIndex } from '@chat/readstore';
import type { PresenceStore, QueueRegistry } from '@chat/realtime';
import type { Logger } from 'pino';
import type { CommandBus } from './commands/command-bus.js';
import type { Config } from './config.js';
import type { StorageHealth } from './files/storage-health.js';
import type { Scrubber } from './keys/scrubber.js';
import type { Mailer } from './mail/mailer.js';
import type { PushSetup } from './push/push-setup.js';
import type { HistoryService } from './history/history-service.js';
import type { OrganizationSnapshots } from './queries/organization-snapshot.js';
import type { ApiKeys } from './secrets/api-keys.js';
import type { ChannelEmailTokens } from './secrets/channel-email-tokens.js';
import type { Passwords } from './secrets/passwords.js';
import type { TemporaryUploadUrls } from './uploads/temporary-upload-urls.js';
import type { UploadStorage } from './uploads/upload-storage.js';

/**
 * The small dependency shapes actions and views declare: a function's parameter type lists what it
 * touches (the bus, the read models it reads by name, the clock, the id allocator, a service by
 * name), and a test can hand it just that. The server's context (server-context.ts) is built from
 * these shapes, so callers pass the context they hold; nothing below the composition names the
 * whole of it (test/unit/architecture/layering-rules.ts). See docs/topics/decisions.md.
 */

/** Appends through the one command handler. */
export interface Commands {
  bus: CommandBus;
}

/** Reads the named read models (`Reads<'users' | 'channels'>`). */
export interface Reads<K extends keyof ReadModels> {
  models: Pick<ReadModels, K>;
}

/** Reads streams from the log itself (decisions that keep the revision they read). */
export interface LogReads {
  store: EventStore;
}

export interface Clocked {
  clock: Clock;
}

/** Allocates integer ids (users, channels, messages, …). */
export interface Allocates {
  ids: IdAllocator;
}

export interface Configured {
  config: Config;
}

/**
 * The services the server is made of, by name; a function asks for the ones it uses through `Uses`,
 * never for all of them (only the composition holds the whole: server-context.ts).
 */
export interface Services extends Commands, Clocked, Configured, Allocates, LogReads, Reads<keyof ReadModels> {
  log: Logger;
  registry: EventSchemaRegistry;
  readStore: ReadStore;
  /** The full-text index of messages (DATA_DIR/search.sqlite3, or MongoDB beside the read models). */
  search: SearchIndex;
  /** Keeps the search index through failed writes (a full disk): behind, then caught up from the log. */
  searchKeeper: SearchKeeper;
  /** Which writes fail for lack of space: /ready, the metrics, and the probe that finds room again. */
  storage: StorageHealth;
  /** The log as written, before upcasting (events in their stored versions; the export thread reads it on its own). */
  writtenLog: EventLogReader;
  /** The keys of sealed values (docs/topics/forgetting.md): destroying one is what forgetting is. */
  keys: SubjectKeys;
  /** Takes what was forgotten out of derived stores' files (freed pages, old WAL frames). */
  scrubber: Scrubber;
  /** Exports of the log (GET /export/events), made in a thread of their own. */
  logExports: LogExports;
  /** WAL checkpoints of the embedded SQLite files, in a thread of their own (null when none is used). */
  walCheckpoints: BackgroundCheckpoints | null;
  /** Users, groups, channels and permissions, read once per change of the organization. */
  organization: OrganizationSnapshots;
  /** The organization as of any point of the log, and the audit trail (docs/topics/history-tools.md). */
  history: HistoryService;
  runner: ProjectionRunner;
  apiKeys: ApiKeys;
  passwords: Passwords;
  mailer: Mailer;
  queues: QueueRegistry;
  presence: PresenceStore;
  /** Push notifications: the bouncer client (null when none is configured) and the token vault. */
  push: PushSetup;
  /** Where uploaded files' bytes are kept (DATA_DIR/uploads by default). */
  uploads: UploadStorage;
  /** Signs and checks the short-lived download links of GET /user_uploads/{realm_id_str}/{filename}. */
  uploadUrls: TemporaryUploadUrls;
  /** The tokens of channels' email addresses (GET /streams/{id}/email_address). */
  channelEmailTokens: ChannelEmailTokens;
}

/** Services by name (`Uses<'push' | 'uploads'>`). */
export type Uses<K extends keyof Services> = Pick<Services, K>;
