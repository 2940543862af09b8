import { type LoadedArray, loaded, type SnapshotArray, type SnapshotImage } from '../snapshot/snapshot-image.js';
import type { HolderLists, HolderListsMeta } from './holder-lists.js';
import type { MessageBodies, MessageBody } from './message-bodies.js';
import type { ColumnTables, MessageColumns } from './message-columns.js';
import type { RecipientIndex } from './recipient-index.js';
import type { SavedChannelIndex } from './channel-index.js';
import type { UserIndex } from './user-index.js';

/** The parts of the memory message store a snapshot saves. */
export interface StoreParts {
  columns: MessageColumns;
  holders: HolderLists;
  recipients: RecipientIndex;
  bodies: MessageBodies;
  users: UserIndex;
}

/** The JSON part of the store's snapshot image. */
export interface SavedMessages {
  tables: ColumnTables;
  holders: HolderListsMeta;
  directs: [number, number[], number[]][];
  heapBodies: [number, MessageBody][];
  /** The channel index's layout, its ids in the array part `channels.ids` (null: not built, built again at load). */
  channels: SavedChannelIndex['layout'] | null;
  /** Whether the per-user index is saved (`users.lengths`, `users.ids`). */
  users: boolean;
}

/** Copies of the store's tables: the columns, the holder pools and the body positions as arrays, the rest as JSON. */
export function imageOf(parts: StoreParts): SnapshotImage<SavedMessages> {
  const { arrays, tables } = parts.columns.image();
  const holders = parts.holders.image();
  const channels = parts.recipients.channelImage();
  const users = parts.users.image();
  return {
    texts: {},
    json: { tables, holders: holders.meta, directs: parts.recipients.image(), heapBodies: [...parts.bodies.heap], channels: channels?.layout ?? null, users: users !== null },
    arrays: {
      ...(channels ? { 'channels.ids': channels.ids } : {}),
      ...(users ? { 'users.lengths': users.lengths, 'users.ids': users.ids } : {}),
      ...Object.fromEntries(Object.entries(arrays).map(([name, array]) => [`column.${name}`, array])),
      'holders.pool': holders.pool,
      'holders.flags': holders.flags,
      'holders.starts': holders.starts,
      'bodies.positions': parts.bodies.positions.slice(),
    },
  };
}

/** Puts a saved image back into the store's parts. */
export function restoreFrom(parts: StoreParts, saved: SavedMessages, arrays: ReadonlyMap<string, LoadedArray>): void {
  const column = <T extends SnapshotArray>(name: string, type: new (length: number) => T): T => loaded(arrays, `column.${name}`, type);
  parts.columns.restore(
    {
      bits: column('bits', Uint8Array),
      sender: column('sender', Int32Array),
      recipientId: column('recipientId', Int32Array),
      place: column('place', Int32Array),
      topic: column('topic', Int32Array),
      client: column('client', Int32Array),
      sent: column('sent', Float64Array),
    },
    saved.tables,
  );
  const pool = arrays.get('holders.pool')?.array;
  if (!(pool instanceof Uint16Array || pool instanceof Int32Array)) throw new Error('snapshot: no holders.pool');
  parts.holders.restore(pool, loaded(arrays, 'holders.flags', Uint8Array), loaded(arrays, 'holders.starts', Int32Array), saved.holders);
  parts.recipients.restore(saved.directs, saved.channels ? { layout: saved.channels, ids: loaded(arrays, 'channels.ids', Int32Array) } : null);
  if (saved.users) parts.users.restore(loaded(arrays, 'users.lengths', Int32Array), arrays.get('users.lengths')?.length ?? 0, loaded(arrays, 'users.ids', Int32Array));
  // Int32Array since the positions were narrowed; a snapshot written before holds them as Float64Array.
  const positions = arrays.get('bodies.positions')?.array;
  if (!(positions instanceof Int32Array || positions instanceof Float64Array)) throw new Error('snapshot: no bodies.positions');
  parts.bodies.restore(positions, saved.heapBodies);
}
