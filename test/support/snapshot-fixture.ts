import { join } from 'node:path';
import { SqliteEventStore } from '@chat/eventstore';
import { openReadModels, ReadModelSnapshots } from '@chat/projections';
import { MemoryReadStore } from '@chat/readstore';
import { aMessageState } from './message-state-factory.js';
import { metadataAt, T0 } from './stored-events.js';

const claim = (n: number) => [{ id: `claim-${n}`, event: { type: 'KeyClaimed', data: { kind: 'email', owner_id: n } } as const, metadata: metadataAt(T0 + n) }];

/** A log of `events` claims in `dir`, the ids of its events unique to the log's `tag`. */
export async function aSmallLog(dir: string, events: number, tag = ''): Promise<SqliteEventStore> {
  const log = new SqliteEventStore(join(dir, `events${tag}.sqlite3`));
  for (let n = 1; n <= events; n++) await log.append(`claim-${n}`, claim(n).map((each) => ({ ...each, id: `${tag}${each.id}` })), 'no_stream');
  return log;
}

/** Memory read models holding a document and `messages` messages (heap bodies), with their snapshots in `file`. */
export async function aSnapshottedStore(log: SqliteEventStore, file: string, messages = 3, version?: string) {
  const store = new MemoryReadStore();
  const models = openReadModels(store);
  await models.requestDays.put(3, { day: 3 }, 1);
  for (let id = 1; id <= messages; id++) await store.messages.insert(aMessageState({ id, content: `m${id}` }), { user_ids: [1, 2], flags: [0, 1] }, id);
  return { store, models, snapshots: new ReadModelSnapshots(file, store, log, null, version) };
}
