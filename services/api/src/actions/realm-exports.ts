import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { decideDeleteRealmExport, decideFinishRealmExport, decideRequestRealmExport, type DomainEvent, streams, uploadPathId, type UserState } from '@chat/core';
import { exportEvents, ndjsonLine } from '@chat/eventstore';
import { AS_READ, type Origin } from '../commands/command-bus.js';
import { schedulerOrigin } from '../commands/scheduler-origin.js';
import type { Allocates, Commands, Configured, LogReads, Reads, Uses } from '../dependencies.js';

/** What writeExport uses. */
type WriteExportDeps = Configured & LogReads & Uses<'log' | 'uploads' | 'storage'>;
/** What finishExport uses. */
type FinishExportDeps = Commands & Configured & LogReads & Reads<'realmExports'> & Uses<'log' | 'uploads' | 'storage'>;
/** What requestRealmExport uses. */
type RequestRealmExportDeps = Commands & Configured & Allocates & LogReads & Reads<'realmExports'> & Uses<'log' | 'uploads' | 'storage'>;
/** What deleteRealmExport uses. */
type DeleteRealmExportDeps = Commands & Reads<'realmExports'> & Uses<'uploads'>;

/**
 * Writes the whole log as NDJSON lines, as GET /export/events writes them (credentials left out), to
 * a file handed to upload storage; returns where, or null when it failed (the failure is logged, its
 * partial file removed; one for lack of space marks the uploads full, as a refused upload does).
 */
async function writeExport(ctx: WriteExportDeps, exportId: number): Promise<{ path_id: string; size: number; event_count: number } | null> {
  const dir = join(ctx.config.dataDir, 'incoming');
  const partial = join(dir, `realm-export-${exportId}-${randomBytes(6).toString('hex')}.partial`);
  try {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const head = await ctx.store.headPosition();
    const file = createWriteStream(partial, { mode: 0o600 });
    let event_count = 0;
    // Written line by line with back-pressure: the log is never held in memory.
    await pipeline(async function* () {
      for await (const event of exportEvents(ctx.store, {}, head)) {
        event_count += 1;
        yield ndjsonLine(event);
      }
    }, file);
    const { size } = await stat(partial);
    const path_id = uploadPathId(randomBytes(1).toString('hex'), randomBytes(18).toString('base64url'), `realm-export-${exportId}.ndjson`);
    await ctx.uploads.put(path_id, partial);
    return { path_id, size, event_count };
  } catch (error) {
    ctx.log.error({ err: error, export_id: exportId }, 'realm export failed');
    ctx.storage.failed('uploads', error);
    await rm(partial, { force: true });
    return null;
  }
}

/**
 * Records how writing the export ended, on its stream at the revision the decision read. A writer that
 * finds it already recorded (another process finished first) removes its own file.
 */
async function finishExport(ctx: FinishExportDeps, origin: Origin, exportId: number): Promise<void> {
  const outcome = await writeExport(ctx, exportId);
  const stream = streams.realmExport(exportId);
  const recorded = await ctx.bus.run({ ...origin, requestId: `${origin.requestId}|finished` }, async () => {
    const expected = AS_READ;
    const events: DomainEvent[] = decideFinishRealmExport(await ctx.models.realmExports.get(exportId), outcome);
    return { appends: events.length === 0 ? [] : [{ stream, expected, events }], result: events.length > 0 };
  });
  if (!recorded && outcome) await ctx.uploads.delete(outcome.path_id);
}

/** The exports each server (tests run several in one process) is writing now, by id. */
const writing = new WeakMap<object, Map<number, Promise<void>>>();

/** Writes the export unless this process is writing it already; resolves once its end is recorded. */
function writeOnce(ctx: FinishExportDeps, origin: Origin, exportId: number): Promise<void> {
  const mine = writing.get(ctx.bus) ?? new Map<number, Promise<void>>();
  writing.set(ctx.bus, mine);
  const running = mine.get(exportId);
  if (running) return running;
  const written = finishExport(ctx, origin, exportId)
    .catch((error: unknown) => ctx.log.error({ err: error, export_id: exportId }, 'recording the end of a realm export failed'))
    .finally(() => mine.delete(exportId));
  mine.set(exportId, written);
  return written;
}

/**
 * POST /export/realm: records the request and answers with its id while the file is written; the
 * export is pending until `RealmExportCompleted` (or `RealmExportFailed`) follows. Returns the id and
 * the writing under way, which the caller need not await.
 */
export async function requestRealmExport(ctx: RequestRealmExportDeps, origin: Origin, actor: UserState, exportType: number): Promise<{ id: number; written: Promise<void> }> {
  const exportId = await ctx.ids.next('realm_export');
  await ctx.bus.run(origin, async () => ({
    appends: [{ stream: streams.realmExport(exportId), expected: 'no_stream', events: decideRequestRealmExport(actor, exportId, exportType) }],
    result: undefined,
  }));
  return { id: exportId, written: writeOnce(ctx, origin, exportId) };
}

/**
 * The `realm-export` job: an export still pending that this process is not writing was being written
 * by a process that stopped (or another process is slow). The recorded request is carried out again,
 * in the background; if two processes both write it, the first to record its end wins.
 */
export async function resumeRealmExport(ctx: FinishExportDeps, exportId: number): Promise<void> {
  const state = await ctx.models.realmExports.get(exportId);
  if (!state || state.path_id !== null || state.failed_at !== null) return;
  void writeOnce(ctx, schedulerOrigin(`realm-export:${exportId}`), exportId);
}

/** DELETE /export/realm/{export_id}: records the deletion, then removes the file. */
export async function deleteRealmExport(ctx: DeleteRealmExportDeps, origin: Origin, actor: UserState, exportId: number): Promise<void> {
  const stream = streams.realmExport(exportId);
  const path = await ctx.bus.run(origin, async () => {
    const expected = AS_READ;
    const state = await ctx.models.realmExports.get(exportId);
    const events = decideDeleteRealmExport(actor, state);
    return { appends: [{ stream, expected, events }], result: state?.path_id ?? null };
  });
  if (path !== null) await ctx.uploads.delete(path);
}
