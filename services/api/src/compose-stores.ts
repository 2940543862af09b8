import { join } from 'node:path';
import { type Logger } from 'pino';
import { BackgroundCheckpoints, type EventStore, LogIdAllocator, type LogLocation, SqliteEventStore, WRITER_CHECKPOINT_PAGES } from '@chat/eventstore';
import { logMessageBodies, modelsVersion, type Projection, ReadModelSnapshots } from '@chat/projections';
import { type ClientEvent, MemoryRealtime, type RealtimeStores } from '@chat/realtime';
import { MemoryReadStore, type ReadStore, type SearchIndex, ThreadedSearchIndex } from '@chat/readstore';
import { keyLocation } from './keys/key-location.js';
import type { ScrubStep } from './keys/scrubber.js';
import { type Config, readModelsSnapshotFile } from './config.js';
import { mongoDatabase } from './config-stores.js';
import { createPrivateFile } from './files/private-files.js';
import { type StorageArea } from './files/storage-health.js';

/** EventStoreDB and MongoDB, loaded only when configured (their clients are slow to load). */
export const production = () => import('./production-stores.js');

/**
 * What the server writes into the data directory, as configured: a space probe that finds room there
 * clears them. (The search index clears itself, once it has caught up with the log.)
 */
export function localStorageAreas(config: Config): Set<StorageArea> {
  const areas = new Set<StorageArea>(['snapshots', 'uploads', 'outbox']);
  if (logLocation(config).kind === 'sqlite') areas.add('log');
  if (keyLocation(config).kind === 'sqlite') areas.add('keys');
  return areas;
}

/** Where the configured log is, for readers with connections of their own (the export thread). */
export function logLocation(config: Config): LogLocation {
  if (config.eventStore === 'esdb' && config.esdbUrl) return { kind: 'esdb', url: config.esdbUrl, streamPrefix: config.stores.esdbStreamPrefix, keys: keyLocation(config) };
  return { kind: 'sqlite', file: join(config.dataDir, 'events.sqlite3'), keys: keyLocation(config) };
}

export async function openEventStore(config: Config, log: Logger): Promise<EventStore> {
  const location = logLocation(config);
  if (location.kind === 'esdb') {
    const onError = (error: unknown) => log.warn({ err: error }, 'EventStoreDB subscription dropped; resubscribing');
    return (await production()).connectEventStore(location.url, { streamPrefix: location.streamPrefix, onError });
  }
  createPrivateFile(location.file);
  // Checkpoints run in their own thread (walCheckpoints): a commit checkpoints only as a backstop.
  return new SqliteEventStore(location.file, { checkpointPages: WRITER_CHECKPOINT_PAGES });
}

/** The embedded search index's file. */
export const searchFile = (config: Config): string => join(config.dataDir, 'search.sqlite3');

/** The SQLite files this server writes (the embedded log, the embedded search index), checkpointed in a thread of their own. */
export function walCheckpoints(config: Config, readStore: ReadStore): BackgroundCheckpoints | null {
  const location = logLocation(config);
  const files = [...(location.kind === 'sqlite' ? [location.file] : []), ...(readStore instanceof MemoryReadStore ? [searchFile(config)] : [])];
  return files.length > 0 ? new BackgroundCheckpoints(files) : null;
}

/** What scrubbing after a forgetting does: the embedded search index's freed pages and WAL (see Scrubber). */
export function scrubSteps(config: Config, search: SearchIndex, checkpoints: BackgroundCheckpoints | null): ScrubStep[] {
  if (!(search instanceof ThreadedSearchIndex)) return [];
  return [{ name: 'search index', run: async () => (await search.flush(), checkpoints ? checkpoints.truncate(searchFile(config)) : true) }];
}

/**
 * The full-text index: beside the read models in MongoDB, else its own file. An index that holds
 * positions beyond the log's head belongs to another log: it is emptied and rebuilt. That check
 * (`checked`) waits for the index to open (the embedded one's writer thread starting): the server
 * composes the rest meanwhile and awaits it before its projections start.
 */
export async function openSearchIndex(config: Config, readStore: ReadStore, log: EventStore): Promise<{ index: SearchIndex; checked: Promise<void> }> {
  let opened: SearchIndex | null = readStore instanceof MemoryReadStore ? null : (await production()).mongoSearchIndex(readStore);
  if (!opened) {
    createPrivateFile(searchFile(config));
    // Written in a thread of its own, checkpointed in another (walCheckpoints), as the log is.
    opened = new ThreadedSearchIndex(searchFile(config), { checkpointPages: WRITER_CHECKPOINT_PAGES });
  }
  const index = opened;
  const checked = (async () => {
    if ((await index.position()) > (await log.headPosition())) await index.clear();
  })();
  // Awaited by the caller later: a failure must not count as unhandled before then.
  checked.catch(() => undefined);
  return { index, checked };
}

/** Embedded, message bodies stay in the log and are read from it by position (see docs/topics/read-models.md). */
export async function openReadStore(config: Config, log: EventStore): Promise<ReadStore> {
  if (config.readStore === 'mongodb' && config.mongoUrl) return (await production()).connectReadStore(config.mongoUrl, mongoDatabase(config.stores, 'read_models'));
  return new MemoryReadStore({ bodies: logMessageBodies(log) });
}

/** Feeds and queues follow the read side: shared in MongoDB, else in the process (saved at a graceful stop). */
export async function openRealtime(config: Config, log: Logger, scrub: (event: ClientEvent) => ClientEvent | null): Promise<RealtimeStores> {
  if (config.readStore === 'mongodb' && config.mongoUrl) return (await production()).connectRealtime(config.mongoUrl, mongoDatabase(config.stores, 'realtime'), config.queueIdleMs, log);
  return new MemoryRealtime(queuesFile(config), scrub);
}

export const queuesFile = (config: Config): string => join(config.dataDir, 'queues.json');

export const presenceFile = (config: Config): string => join(config.dataDir, 'presence.json');

/**
 * The memory read models' snapshots (DATA_DIR/read-models.snapshot): loaded here when usable, so the
 * runner applies only the log after it. Null when snapshots are off or the read models live in MongoDB.
 */
export async function loadSnapshot(
  config: Config,
  readStore: ReadStore,
  log: EventStore,
  ids: LogIdAllocator | null,
  logger: Logger,
  projections: readonly Projection[],
  forgottenAt: number,
): Promise<{ snapshots: ReadModelSnapshots; position: number } | null> {
  const file = readModelsSnapshotFile(config);
  if (!(readStore instanceof MemoryReadStore) || file === null) return null;
  // Which projections run, and in what order, shapes the models as much as their code does.
  const version = modelsVersion(projections.map((projection) => projection.name));
  const snapshots = new ReadModelSnapshots(file, readStore, log, ids, version);
  const loaded = await snapshots.load(forgottenAt);
  if (loaded.loaded) logger.info({ position: loaded.position, seconds: loaded.seconds }, 'read models loaded from their snapshot');
  else logger.info({ reason: loaded.reason }, 'no usable read-models snapshot; the log is replayed');
  return { snapshots, position: loaded.loaded ? loaded.position : 0 };
}
