import { existsSync } from 'node:fs';
import type { EventStore } from '@chat/eventstore';
import { SEALED, sealedEntries, unsealData } from '@chat/eventstore';
import { type KeyStore, SubjectKeys, ThreadedSqliteKeyStore } from '@chat/keystore';
import type { Config } from '../config.js';
import { createPrivateFile } from '../files/private-files.js';
import type { StorageHealth } from '../files/storage-health.js';
import { keyLocation } from './key-location.js';
import { StorageWatchedKeyStore } from './storage-watched-key-store.js';

/** The log's first event, which a key store is bound to; null for an empty log. */
async function firstEventId(log: EventStore): Promise<string | null> {
  for await (const event of log.readAll({ maxCount: 1 })) return event.id;
  return null;
}

/** Whether any event of the log (as stored) holds sealed values: read only when a key store is missing. */
async function holdsSealedValues(log: EventStore): Promise<boolean> {
  for await (const event of log.readAll()) if (sealedEntries(event.data).length > 0) return true;
  return false;
}

/** How far back from the head the start looks for a sealed value to open (the canary). */
const CANARY_WINDOW = 500;

/**
 * Opens the newest sealed values near the head with the store's keys: a store that does not know
 * their epoch, or whose keys do not open them (another log's, or damaged), is refused before anything
 * is served. Values whose subjects are forgotten are skipped: they are meant not to open.
 */
async function openNewestSealed(log: EventStore, keys: SubjectKeys): Promise<string | null> {
  const head = await log.headPosition();
  let problem: string | null = null;
  for await (const event of log.readAll({ fromPosition: Math.max(0, head - CANARY_WINDOW) })) {
    const live = sealedEntries(event.data).filter((entry) => entry.s.every((subject) => !keys.ring.knows(subject) || !keys.ring.isForgotten(subject)));
    if (live.length === 0) continue;
    try {
      JSON.stringify(unsealData({ ...(event.data as object), [SEALED]: live }, event.id, keys.ring));
    } catch (error) {
      problem ??= `the event at ${event.position} does not open with it (${error instanceof Error ? error.message : String(error)})`;
    }
  }
  return problem;
}

/** Binds a store still unbound to the log once it has a first event (a new organization's first start). */
export async function bindKeysToLog(keys: SubjectKeys, log: EventStore): Promise<void> {
  if (keys.logId !== null) return;
  const first = await firstEventId(log);
  if (first !== null) await keys.bindLog(first);
}

/**
 * The key store of the configured log, checked before anything is served: a store that is missing
 * while the log holds sealed values, damaged, or bound to another log stops the start with a message
 * (the server never serves placeholders for live data in silence). A log written before sealing gets
 * a new store and goes on as before; what it holds in clear stays so (docs/topics/forgetting.md).
 * Its writes are reported to `storage` (a full disk: docs/topics/operations.md).
 */
export async function openSubjectKeys(config: Config, log: EventStore, storage?: Pick<StorageHealth, 'watched'>): Promise<SubjectKeys> {
  const location = keyLocation(config);
  let store: KeyStore;
  if (location.kind === 'sqlite') {
    if (!existsSync(location.file) && (await log.headPosition()) > 0 && (await holdsSealedValues(log))) {
      throw new Error(
        `the key store ${location.file} is missing, but the log holds sealed values: restore it from a backup (npm run events -- restore) before starting; without it those values cannot be read`,
      );
    }
    createPrivateFile(location.file);
    try {
      store = await ThreadedSqliteKeyStore.open(location.file);
    } catch (error) {
      throw new Error(`the key store ${location.file} cannot be read (${error instanceof Error ? error.message : String(error)}): restore it from a backup`);
    }
  } else {
    store = await (await import('../production-stores.js')).connectKeyStore(location.url, location.database);
  }
  if (storage) store = new StorageWatchedKeyStore(store, storage);
  const keys = await SubjectKeys.open(store).catch(async (error: unknown) => {
    await store.close();
    throw error;
  });
  const first = await firstEventId(log);
  if (keys.logId !== null && first !== null && keys.logId !== first) {
    await keys.close();
    throw new Error(`the key store belongs to another log (its first event is ${keys.logId}, this log's is ${first})`);
  }
  const unopened = await openNewestSealed(log, keys);
  if (unopened !== null) {
    await keys.close();
    throw new Error(`the key store does not belong to this log, or is damaged: ${unopened}; restore the log's own key store from a backup`);
  }
  if (keys.logId === null && first !== null) {
    const empty = keys.ring.counts();
    if (empty.masters === 0 && empty.materialized === 0 && (await holdsSealedValues(log))) {
      await keys.close();
      throw new Error('the key store is empty, but the log holds sealed values: restore the key store before starting');
    }
    await keys.bindLog(first);
  }
  return keys;
}
