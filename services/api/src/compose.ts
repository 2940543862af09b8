import { HistoryService } from './history/history-service.js';
import { ChannelEmailTokens } from './secrets/channel-email-tokens.js';
import { join } from 'node:path';
import { pino, type Logger } from 'pino';
import { type Clock, isStorageFull, systemClock } from '@chat/core';
import { EventSchemaRegistry, type IdAllocator, LogExportThread, LogIdAllocator, SealingEventStore, sealSpecsOf, UpcastingEventStore, ValidatingEventStore, allUpcasters } from '@chat/eventstore';
import { clientEventsProjection, forgettingProjection, openReadModels, OrganizationVersion, type Projection, ProjectionRunner, READ_MODELS_CHECKPOINT, SearchKeeper } from '@chat/projections';
import { loadPresence, PresenceStore, QueueRegistry, savePresence } from '@chat/realtime';
import { CommandBus } from './commands/command-bus.js';
import { openSubjectKeys } from './keys/open-subject-keys.js';
import { QueuedEventScrub } from './keys/queued-event-scrub.js';
import { Scrubber } from './keys/scrubber.js';
import { queueNarrowFilter } from './queries/event-narrow.js';
import { OrganizationSnapshots } from './queries/organization-snapshot.js';
import type { Config } from './config.js';
import type { Mailer } from './mail/mailer.js';
import { openMailer } from './mail/open-mailer.js';
import { preparePrivateDir } from './files/private-files.js';
import { ApiKeys } from './secrets/api-keys.js';
import { Passwords } from './secrets/passwords.js';
import { loadServerSecret } from './secrets/server-secret.js';
import { pushSetup } from './push/push-setup.js';
import { SnapshotSchedule } from './ops/snapshot-schedule.js';
import { type StorageArea, StorageHealth } from './files/storage-health.js';
import { StorageWatchedEventStore } from './ops/storage-watched-event-store.js';
import { FEATURES } from './features/all-features.js';
import { fanoutsOf, jobsOf, leavingOrganizationAlone, periodicTasksOf, projectionsOf, registerSetupOf } from './features/feature-lists.js';
import { JobNudges } from './scheduler/job-nudges.js';
import { Scheduler } from './scheduler/scheduler.js';
import { RetentionSweeps } from './retention/retention-sweeps.js';
import type { ServerContext } from './server-context.js';
import { LocalDiskUploadStorage } from './uploads/local-disk-upload-storage.js';
import { TemporaryUploadUrls } from './uploads/temporary-upload-urls.js';

import { loadSnapshot, localStorageAreas, logLocation, openEventStore, openReadStore, openRealtime, openSearchIndex, presenceFile, production, scrubSteps, walCheckpoints } from './compose-stores.js';

/** What the server's metrics watch from inside the composition. */
export interface Observers {
  appendSeconds?: (seconds: number) => void;
  /** A write refused for lack of space. */
  storageFailure?: (area: StorageArea) => void;
}

export interface Overrides {
  clock?: Clock;
  mailer?: Mailer;
  log?: Logger;
  /**
   * Told when the server can no longer do its work (its projections gave up on a failing store, it
   * lost the log's writer lease): `npm start` exits 1 so that its orchestrator starts a fresh process.
   */
  onFatal?: (error: Error) => void;
}

/** Infrastructure first, then read models and their projections, then the command side. */
export async function composeServer(config: Config, overrides: Overrides = {}, observe: Observers = {}): Promise<ServerContext> {
  preparePrivateDir(config.dataDir);
  const log = overrides.log ?? pino({ level: process.env.LOG_LEVEL ?? 'info' });
  const clock = overrides.clock ?? systemClock;
  const registry = new EventSchemaRegistry();
  const raw = await openEventStore(config, log);
  const storage = new StorageHealth(config.dataDir, localStorageAreas(config), {
    refused: observe.storageFailure,
    full: (area, error) => log.error({ err: error, area }, `no space left: ${area} writes are refused until space is freed`),
    cleared: (area) => log.info({ area }, `${area} writes work again`),
  });
  const keys = await openSubjectKeys(config, raw, storage);
  // What may have to be forgotten is stored sealed under keys kept outside the log (docs/topics/forgetting.md).
  const sealed = new SealingEventStore(raw, sealSpecsOf(registry.schemas.values()), keys, config.logSealing);
  // Reads come out as each event type's current version (upcasters), writes are checked against their
  // schema; an append refused for lack of space (the log's, or a new key's) is STORAGE_FULL.
  const store = new StorageWatchedEventStore(new ValidatingEventStore(new UpcastingEventStore(sealed, allUpcasters()), registry, observe.appendSeconds), storage);
  const readStore = await openReadStore(config, store);
  const models = openReadModels(readStore);
  const { index: search, checked: searchChecked } = await openSearchIndex(config, readStore, store);
  const searchKeeper = new SearchKeeper(search, {
    log: store,
    // Until it has caught up, new messages are not found by search; everything else goes on.
    onBehind: (error) => {
      if (!storage.failed('search', error)) log.error({ err: error }, 'search index write failed; retrying from the log');
    },
    onCaughtUp: () => {
      storage.wrote('search');
      log.info('search index caught up with the log');
    },
  });
  const realtime = await openRealtime(config, log, new QueuedEventScrub(keys).scrub);
  const queues = new QueueRegistry(
    clock,
    { idleMs: config.queueIdleMs, heartbeatMs: config.heartbeatMs },
    realtime,
    (error) => log.error({ err: error }, 'event queue work failed'),
    config.maxQueuesPerUser,
  );
  queues.narrowFilter = queueNarrowFilter;
  const realmHost = (): string => new URL(config.externalUrl).hostname;
  const apiKeys = new ApiKeys(loadServerSecret(config.dataDir));
  const botSecrets = { apiKey: (userId: number, generation: number) => apiKeys.keyFor(userId, generation), serviceToken: (userId: number) => apiKeys.serviceToken(userId) };
  // The organization version comes last: a snapshot read under a version holds every event it counts.
  const organizationVersion = new OrganizationVersion(leavingOrganizationAlone(FEATURES));
  const esdbIds = config.eventStore === 'esdb' ? (await production()).esdbIds(raw, clock) : null;
  // Embedded, ids are counted from the log as the runner reads it (one pass at start-up, not two).
  const logIds = esdbIds ? null : new LogIdAllocator();
  const jobNudges = new JobNudges();
  const readModelProjections = projectionsOf(FEATURES, models, { organizationChanged: () => organizationVersion.bump(), jobScheduled: (kind) => jobNudges.notify(kind) });
  const fanoutOptions = { realmHost, externalUrl: () => config.externalUrl, allPublicStreamsQueues: () => queues.allPublicStreamsQueues(), botSecrets };
  const projections = [
    ...(logIds ? [idCounterProjection(logIds)] : []),
    ...readModelProjections,
    searchKeeper.projection,
    clientEventsProjection(models, queues, fanoutOptions, fanoutsOf(FEATURES)),
    organizationVersion,
    // Last: every other projection has read what it needs of an event before the keys it names go.
    forgettingProjection(keys),
  ];
  const runner = new ProjectionRunner(store, projections, readStore.checkpoints, {
    // A full disk is waited out, never given up on: a new process would find it just as full.
    retry: { giveUpAfterMs: config.stores.projectionRetryMs, keepsTrying: isStorageFull },
    onRetry: (state, delayMs) => log.warn({ err: state.error, failing: state.failing, attempts: state.attempts, retryInMs: delayMs }, 'projection failed; retrying'),
    onError: (error) => {
      log.fatal({ err: error }, 'projections gave up; read models are stale');
      overrides.onFatal?.(error);
    },
  });
  const ids: IdAllocator = esdbIds ?? logIds ?? new LogIdAllocator();
  const snapshots = await loadSnapshot(config, readStore, store, logIds, log, readModelProjections, keys.lastForget);
  // Read models kept elsewhere (MongoDB) resume after their checkpoint: the ids before it are read first.
  if (!snapshots) await logIds?.recover(store, await readStore.checkpoints.get(READ_MODELS_CHECKPOINT));
  await searchChecked;
  await runner.start();
  const snapshotSchedule = snapshots && new SnapshotSchedule(snapshots.snapshots, runner, log, snapshots.position, { every: config.snapshotEvery, checkMs: 60_000 }, storage);
  snapshotSchedule?.start();
  const checkpoints = walCheckpoints(config, readStore);
  const scrubber = new Scrubber(scrubSteps(config, search, checkpoints), log);
  keys.onForgotten((_, position) => {
    scrubber.request();
    snapshotSchedule?.discard(position).catch((error: unknown) => log.error({ err: error }, 'could not remove the read-models snapshot'));
  });
  // Queues come back after the rebuild, so they do not receive the replayed history.
  const restored = await realtime.restore();
  if (restored > 0) log.info({ restored }, 'event queues restored');
  const presence = new PresenceStore();
  loadPresence(presence, presenceFile(config));
  const ctx: ServerContext = {
    config,
    clock,
    log,
    store,
    history: new HistoryService(models, store, keys),
    registry,
    ids,
    readStore,
    models,
    search,
    searchKeeper,
    storage,
    writtenLog: sealed,
    keys,
    logExports: new LogExportThread(logLocation(config)),
    walCheckpoints: checkpoints,
    scrubber,
    organization: new OrganizationSnapshots(models, organizationVersion),
    runner,
    snapshots: snapshotSchedule,
    bus: new CommandBus(store, runner, clock, registry, {
      readYourWritesMs: config.stores.readYourWritesMs,
      onModelsLate: (position, error) => log.warn({ err: error, position }, 'a command was answered before its read models caught up'),
    }),
    apiKeys,
    passwords: new Passwords(config.scryptCost),
    mailer: overrides.mailer ?? openMailer(config, log, storage),
    queues,
    presence,
    push: pushSetup(config, loadServerSecret(config.dataDir)),
    scheduler: new Scheduler<ServerContext>(() => ctx, jobsOf(FEATURES), periodicTasksOf(FEATURES), clock.now(), jobNudges),
    registerSetup: registerSetupOf(FEATURES),
    retention: new RetentionSweeps(() => ctx, log),
    uploads: new LocalDiskUploadStorage(join(config.dataDir, 'uploads')),
    uploadUrls: new TemporaryUploadUrls(loadServerSecret(config.dataDir), clock),
    channelEmailTokens: new ChannelEmailTokens(loadServerSecret(config.dataDir)),
  };
  return ctx;
}

export async function closeContext(ctx: ServerContext): Promise<void> {
  ctx.searchKeeper.stop();
  ctx.storage.close();
  await ctx.retention.stop();
  await ctx.scrubber.close();
  await ctx.logExports.close();
  await ctx.walCheckpoints?.close();
  await ctx.runner.stop();
  await ctx.snapshots?.close();
  ctx.queues.close();
  // Kept for the next start; one a full disk refuses is logged (clients register again) and the log still closes.
  await ctx.queues.stores.close().catch((error: unknown) => ctx.log.error({ err: error }, 'event queues not saved'));
  try {
    savePresence(ctx.presence, presenceFile(ctx.config));
  } catch (error) {
    ctx.log.error({ err: error }, 'presence not saved');
  }
  await ctx.ids.close();
  await ctx.store.close();
  await ctx.readStore.close();
  await ctx.search.close();
  await ctx.keys.close();
  await ctx.mailer.close?.();
}

/** Feeds the embedded id allocator every event the runner applies. */
const idCounterProjection = (allocator: LogIdAllocator): Projection => ({
  name: 'id-counters',
  handles: 'every',
  apply: (event) => {
    allocator.observe(event);
    return undefined;
  },
});
