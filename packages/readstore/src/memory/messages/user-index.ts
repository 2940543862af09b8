import { DenseIdMap } from './dense-id-map.js';
import type { HolderLists } from './holder-lists.js';
import { SortedIds } from './sorted-ids.js';

const NONE = new SortedIds();

/** Room left after a user's ids when the index is built, so the next messages are appends in place. */
const spare = (count: number): number => Math.max(16, count >> 3);

/** Where each user's run starts when every run is followed by its spare room, and the total length. */
function layout(lengths: Int32Array): { total: number } {
  let total = 0;
  for (const length of lengths) if (length > 0) total += length + spare(length);
  return { total };
}

/**
 * Per user, the ids of the messages the user holds, ascending: derived from the holder lists, which
 * stay the truth (with the flags). The index is built in one pass the first time it is read (or when a
 * replay has caught up), and kept up to date from then on; until then writes skip it. A replay thus
 * writes each message once, to its holders, instead of appending to thirty users' lists per message.
 */
export class UserIndex {
  private lists: DenseIdMap<SortedIds> | null = null;

  constructor(private readonly holders: HolderLists) {}

  /** The user's ids (empty for a user who holds nothing). */
  of(userId: number): SortedIds {
    return this.built().get(userId) ?? NONE;
  }

  /** The users now hold the message. */
  added(messageId: number, userIds: readonly number[]): void {
    if (!this.lists) return;
    for (const userId of userIds) {
      let list = this.lists.get(userId);
      if (!list) {
        list = new SortedIds(spare(0));
        this.lists.set(userId, list);
      }
      list.add(messageId);
    }
  }

  /** The users no longer hold the message. */
  removed(messageId: number, userIds: readonly number[]): void {
    if (!this.lists) return;
    for (const userId of userIds) this.lists.get(userId)?.remove(messageId);
  }

  /** Builds the index now if it is not built yet. */
  build(): void {
    this.built();
  }

  /**
   * The built index for a snapshot (null when not built): each user's count, and every user's ids laid
   * out as `restore` lays them in memory (each run followed by its spare room), so loading is no copy.
   */
  image(): { lengths: Int32Array; ids: Int32Array } | null {
    if (!this.lists) return null;
    let users = 0;
    for (const userId of this.lists.ids()) users = userId + 1;
    const lengths = new Int32Array(users);
    for (let userId = 0; userId < users; userId++) lengths[userId] = this.lists.get(userId)?.length ?? 0;
    const ids = new Int32Array(layout(lengths).total);
    let offset = 0;
    for (let userId = 0; userId < users; userId++) {
      const list = this.lists.get(userId);
      if (!list || list.length === 0) continue;
      ids.set(list.ids.subarray(0, list.length), offset);
      offset += list.length + spare(list.length);
    }
    return { lengths, ids };
  }

  /** Takes over an index saved by `image` (the lists are views of `ids`). */
  restore(lengths: Int32Array, users: number, ids: Int32Array): void {
    const lists = new DenseIdMap<SortedIds>();
    let offset = 0;
    for (let userId = 0; userId < users; userId++) {
      const length = lengths[userId];
      if (length === 0) continue;
      const capacity = length + spare(length);
      lists.set(userId, SortedIds.over(ids.subarray(offset, offset + capacity), length));
      offset += capacity;
    }
    this.lists = lists;
  }

  /** Forgets the index; it is built again when next read. */
  clear(): void {
    this.lists = null;
  }

  private built(): DenseIdMap<SortedIds> {
    if (this.lists) return this.lists;
    const { offsets, lengths, ids } = this.holders.invert(spare);
    const lists = new DenseIdMap<SortedIds>();
    for (let userId = 0; userId < lengths.length; userId++) {
      if (lengths[userId] === 0) continue;
      const capacity = lengths[userId] + spare(lengths[userId]);
      lists.set(userId, SortedIds.over(ids.subarray(offsets[userId], offsets[userId] + capacity), lengths[userId]));
    }
    this.lists = lists;
    return lists;
  }
}
