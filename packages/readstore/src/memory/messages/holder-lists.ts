/**
 * The user ids of the holder lists, and each list's length: 16 bits while every user id and length is
 * below 65,535 (an organization of fewer users: half the memory), widened to 32 bits for good otherwise.
 */
export type HolderPool = Uint16Array<ArrayBufferLike> | Int32Array<ArrayBufferLike>;
const NARROW_LIMIT = 0xffff;

/** Where the holder pools stand (see HolderLists.image). */
export interface HolderListsMeta {
  used: number;
  wasted: number;
  end: number;
  userEnd: number;
}

/** A user holding a message, with the user's flag bits on it. */
export interface HolderRow {
  user_id: number;
  flags: number;
}

/** The users who hold messages, inverted: per user, the message ids they hold, ascending. */
export interface HeldByUser {
  /** Per user id, where the user's ids start in `ids`. */
  offsets: Int32Array;
  /** Per user id, how many ids the user holds. */
  lengths: Int32Array;
  /** Every user's ids, each user's run followed by the spare room asked for. */
  ids: Int32Array;
}

/**
 * Who holds each message and with which flags: its users' ids, ascending, packed in one growable
 * Int32Array, and each user's flag bits at the same offset in a parallel Uint8Array (instead of an
 * array object per message: an object and its buffer cost hundreds of bytes; a million messages of
 * thirty holders fit in about 155 MB here). A span is `[length, id…]` at an offset. A list that
 * changes is written again at the end; the space it left is reclaimed when it exceeds the live part.
 * These are the only copy of the flags: the per-user index holds ids alone.
 */
export class HolderLists {
  private pool: HolderPool = new Uint16Array(1 << 16);
  private flags: Uint8Array<ArrayBufferLike> = new Uint8Array(1 << 16);
  private used = 0;
  private wasted = 0;
  /** Per message id, one more than the offset of its span (0: none), as ids are dense. */
  private starts: Int32Array<ArrayBufferLike> = new Int32Array(1 << 16);
  /** One more than the highest message id ever given a span. */
  private end = 0;
  /** One more than the highest user id ever written. */
  private userEnd = 0;

  has(messageId: number): boolean {
    return this.offsetOf(messageId) !== undefined;
  }

  /** The holders of a message, ascending (empty for an unknown message). */
  get(messageId: number): number[] {
    const at = this.offsetOf(messageId);
    if (at === undefined) return [];
    return Array.from(this.pool.subarray(at + 1, at + 1 + this.pool[at]));
  }

  /** The holders of a message with their flags, ascending. */
  rows(messageId: number): HolderRow[] {
    const at = this.offsetOf(messageId);
    const rows: HolderRow[] = [];
    if (at === undefined) return rows;
    for (let index = at + 1; index <= at + this.pool[at]; index++) rows.push({ user_id: this.pool[index], flags: this.flags[index] });
    return rows;
  }

  /** The user's flags on the message; undefined when the user does not hold it. */
  flagsOf(messageId: number, userId: number): number | undefined {
    const index = this.indexOf(messageId, userId);
    return index < 0 ? undefined : this.flags[index];
  }

  /**
   * The user's flags on each message (undefined where the user does not hold it), in the order given.
   * Messages of one channel mostly have the same holders, so the user's place in the last list is
   * tried first and a search made only when it misses: one read per message instead of a binary
   * search through a list of thousands (marking 10,000 firehose messages read: 14 scattered reads each).
   */
  flagsOfEach(messageIds: readonly number[], userId: number): (number | undefined)[] {
    const pool = this.pool;
    const flags: (number | undefined)[] = new Array<number | undefined>(messageIds.length);
    let place = -1;
    for (let i = 0; i < messageIds.length; i++) {
      const at = this.offsetOf(messageIds[i]);
      if (at === undefined) continue;
      const index = place >= 0 && place < pool[at] && pool[at + 1 + place] === userId ? at + 1 + place : this.indexOf(messageIds[i], userId);
      if (index >= 0) {
        place = index - at - 1;
        flags[i] = this.flags[index];
      }
    }
    return flags;
  }

  /** Clears the bits of `clear`, then sets those of `set`, on the user's row; false when there is none. */
  changeFlags(messageId: number, userId: number, clear: number, set: number): boolean {
    const index = this.indexOf(messageId, userId);
    if (index < 0) return false;
    this.flags[index] = (this.flags[index] & ~clear) | set;
    return true;
  }

  /** Replaces the message's holders with these users (in any order, distinct) and their flags. */
  set(messageId: number, userIds: ArrayLike<number>, userFlags: ArrayLike<number>): void {
    const count = userIds.length;
    this.release(messageId);
    if (this.pool instanceof Uint16Array) {
      let largest = count;
      for (let index = 0; index < count; index++) if (userIds[index] > largest) largest = userIds[index];
      if (largest >= NARROW_LIMIT) this.widen();
    }
    this.reserve(count + 1);
    const at = this.used;
    const { pool, flags } = this;
    pool[at] = count;
    pool.set(userIds, at + 1);
    flags.set(userFlags, at + 1);
    let ascending = true;
    for (let index = at + 2; index <= at + count; index++) if (pool[index] < pool[index - 1]) ascending = false;
    if (!ascending) this.sortSpan(at + 1, count);
    if (count > 0 && pool[at + count] >= this.userEnd) this.userEnd = pool[at + count] + 1;
    this.used += count + 1;
    this.setOffset(messageId, at);
  }

  /** Gives the user a row with these flags (replacing the flags of a row the user already has). */
  add(messageId: number, userId: number, flags: number): void {
    const at = this.offsetOf(messageId);
    if (at === undefined || this.changeFlags(messageId, userId, 0xff, flags)) return;
    this.setRows(messageId, [...this.rows(messageId), { user_id: userId, flags }]);
  }

  remove(messageId: number, userIds: readonly number[]): void {
    if (!this.has(messageId)) return;
    const gone = new Set(userIds);
    this.setRows(messageId, this.rows(messageId).filter((row) => !gone.has(row.user_id)));
  }

  delete(messageId: number): void {
    this.release(messageId);
    if (messageId < this.starts.length) this.starts[messageId] = 0;
  }

  /**
   * Every user's message ids in one pass over the spans (a replay builds the per-user index this way
   * instead of appending to ten thousand lists per message). `spare(count)` is the room to leave
   * after a user's run for ids added later.
   */
  invert(spare: (count: number) => number): HeldByUser {
    const { pool, starts, end } = this;
    const users = this.userEnd;
    const lengths = new Int32Array(users);
    for (let id = 0; id < end; id++) {
      const start = starts[id];
      if (start === 0) continue;
      const last = start + pool[start - 1];
      for (let index = start; index < last; index++) lengths[pool[index]]++;
    }
    const offsets = new Int32Array(users);
    let total = 0;
    for (let user = 0; user < users; user++) {
      offsets[user] = total;
      total += lengths[user] === 0 ? 0 : lengths[user] + spare(lengths[user]);
    }
    const ids = new Int32Array(total);
    const cursors = offsets.slice();
    for (let id = 0; id < end; id++) {
      const start = starts[id];
      if (start === 0) continue;
      const last = start + pool[start - 1];
      for (let index = start; index < last; index++) ids[cursors[pool[index]]++] = id;
    }
    return { offsets, lengths, ids };
  }

  /** Copies of the pools and their bookkeeping as they stand, for a snapshot. */
  image(): { pool: HolderPool; flags: Uint8Array; starts: Int32Array; meta: HolderListsMeta } {
    const { used, wasted, end, userEnd } = this;
    return { pool: this.pool.slice(0, used), flags: this.flags.slice(0, used), starts: this.starts.slice(0, end), meta: { used, wasted, end, userEnd } };
  }

  /** Takes over saved pools (each at least as long as `meta` says; the rest is room to grow). */
  restore(pool: HolderPool, flags: Uint8Array, starts: Int32Array, meta: HolderListsMeta): void {
    if (pool.length !== flags.length) throw new Error('holder pools of different lengths');
    this.pool = pool;
    this.flags = flags;
    this.starts = starts;
    ({ used: this.used, wasted: this.wasted, end: this.end, userEnd: this.userEnd } = meta);
  }

  clear(): void {
    this.starts = new Int32Array(1 << 16);
    this.pool = new Uint16Array(1 << 16);
    this.flags = new Uint8Array(1 << 16);
    this.used = 0;
    this.wasted = 0;
    this.end = 0;
    this.userEnd = 0;
  }

  private setRows(messageId: number, rows: readonly HolderRow[]): void {
    this.set(
      messageId,
      rows.map((row) => row.user_id),
      rows.map((row) => row.flags),
    );
  }

  /** The pool index of the user's row of the message, or -1. */
  private indexOf(messageId: number, userId: number): number {
    const at = this.offsetOf(messageId);
    if (at === undefined) return -1;
    let low = at + 1;
    let high = at + 1 + this.pool[at];
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.pool[mid] < userId) low = mid + 1;
      else high = mid;
    }
    return low < at + 1 + this.pool[at] && this.pool[low] === userId ? low : -1;
  }

  private offsetOf(messageId: number): number | undefined {
    // A typed array reads undefined for a negative, fractional or too large index: no such message.
    const start = this.starts[messageId] ?? 0;
    return start === 0 ? undefined : start - 1;
  }

  private setOffset(messageId: number, at: number): void {
    if (messageId >= this.starts.length) {
      let capacity = this.starts.length * 2;
      while (capacity <= messageId) capacity *= 2;
      const grown = new Int32Array(capacity);
      grown.set(this.starts);
      this.starts = grown;
    }
    this.starts[messageId] = at + 1;
    if (messageId >= this.end) this.end = messageId + 1;
  }

  /** Sorts a span's ids ascending, their flags moving with them. */
  private sortSpan(from: number, count: number): void {
    const order = Array.from({ length: count }, (_, index) => from + index).sort((a, b) => this.pool[a] - this.pool[b]);
    const ids = order.map((index) => this.pool[index]);
    const bits = order.map((index) => this.flags[index]);
    this.pool.set(ids, from);
    this.flags.set(bits, from);
  }

  /** From 16-bit to 32-bit user ids, once a user id or a list reaches 65,535. */
  private widen(): void {
    const wide = new Int32Array(this.pool.length);
    wide.set(this.pool);
    this.pool = wide;
  }

  private release(messageId: number): void {
    const at = this.offsetOf(messageId);
    if (at !== undefined) this.wasted += this.pool[at] + 1;
  }

  private reserve(size: number): void {
    if (this.used + size <= this.pool.length) return;
    if (this.wasted > this.used / 2) this.compact();
    if (this.used + size <= this.pool.length) return;
    // Doubling while small; a large pool grows by a quarter, so that it never holds twice what it needs.
    let capacity = Math.max(this.pool.length, 1024);
    while (capacity < this.used + size) capacity = capacity > 1 << 24 ? Math.ceil(capacity * 1.25) : capacity * 2;
    const grown = this.pool instanceof Uint16Array ? new Uint16Array(capacity) : new Int32Array(capacity);
    grown.set(this.pool.subarray(0, this.used));
    this.pool = grown;
    const flags = new Uint8Array(capacity);
    flags.set(this.flags.subarray(0, this.used));
    this.flags = flags;
  }

  /** Writes the live spans again, in place and in order, dropping the space of replaced ones. */
  private compact(): void {
    const spans: [number, number][] = [];
    for (let messageId = 0; messageId < this.end; messageId++) if (this.starts[messageId] !== 0) spans.push([messageId, this.starts[messageId] - 1]);
    spans.sort((a, b) => a[1] - b[1]);
    let to = 0;
    for (const [messageId, from] of spans) {
      const size = this.pool[from] + 1;
      this.pool.copyWithin(to, from, from + size);
      this.flags.copyWithin(to, from, from + size);
      this.starts[messageId] = to + 1;
      to += size;
    }
    this.used = to;
    this.wasted = 0;
  }
}
