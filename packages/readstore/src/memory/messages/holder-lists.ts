/**
 * Who holds each message: its users' ids, ascending, packed in one growable Int32Array instead of an
 * array object per message (an object and its buffer cost hundreds of bytes; a million messages of
 * thirty holders each fit in about 130 MB here). A span is `[length, id…]` at an offset. A list that
 * changes is written again at the end; the space it left is reclaimed when it exceeds the live part.
 */
export class HolderLists {
  private pool = new Int32Array(1 << 16);
  private used = 0;
  private wasted = 0;
  /** Per message id, one more than the offset of its span (0: none), as ids are dense. */
  private starts = new Int32Array(1 << 16);

  has(messageId: number): boolean {
    return this.offsetOf(messageId) !== undefined;
  }

  /** The holders of a message, ascending (empty for an unknown message). */
  get(messageId: number): number[] {
    const at = this.offsetOf(messageId);
    if (at === undefined) return [];
    return Array.from(this.pool.subarray(at + 1, at + 1 + this.pool[at]));
  }

  /** Replaces the message's holders with these ids (in any order, distinct). */
  set(messageId: number, userIds: ArrayLike<number>): void {
    const count = userIds.length;
    this.release(messageId);
    this.reserve(count + 1);
    const at = this.used;
    const pool = this.pool;
    pool[at] = count;
    let ascending = true;
    for (let index = 0; index < count; index++) {
      pool[at + 1 + index] = userIds[index];
      if (index > 0 && userIds[index] < userIds[index - 1]) ascending = false;
    }
    if (!ascending) pool.subarray(at + 1, at + 1 + count).sort();
    this.used += count + 1;
    this.setOffset(messageId, at);
  }

  add(messageId: number, userId: number): void {
    const holders = this.get(messageId);
    if (!this.has(messageId) || holders.includes(userId)) return;
    holders.push(userId);
    this.set(messageId, holders);
  }

  remove(messageId: number, userIds: readonly number[]): void {
    if (!this.has(messageId)) return;
    const gone = new Set(userIds);
    this.set(messageId, this.get(messageId).filter((userId) => !gone.has(userId)));
  }

  delete(messageId: number): void {
    this.release(messageId);
    if (messageId < this.starts.length) this.starts[messageId] = 0;
  }

  clear(): void {
    this.starts = new Int32Array(1 << 16);
    this.pool = new Int32Array(1 << 16);
    this.used = 0;
    this.wasted = 0;
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
  }

  private release(messageId: number): void {
    const at = this.offsetOf(messageId);
    if (at !== undefined) this.wasted += this.pool[at] + 1;
  }

  private reserve(size: number): void {
    if (this.used + size <= this.pool.length) return;
    if (this.wasted > this.used / 2) this.compact();
    if (this.used + size <= this.pool.length) return;
    let capacity = this.pool.length * 2;
    while (capacity < this.used + size) capacity *= 2;
    const grown = new Int32Array(capacity);
    grown.set(this.pool.subarray(0, this.used));
    this.pool = grown;
  }

  /** Writes the live spans again, in place and in order, dropping the space of replaced ones. */
  private compact(): void {
    const spans: [number, number][] = [];
    for (let messageId = 0; messageId < this.starts.length; messageId++) if (this.starts[messageId] !== 0) spans.push([messageId, this.starts[messageId] - 1]);
    spans.sort((a, b) => a[1] - b[1]);
    let to = 0;
    for (const [messageId, from] of spans) {
      const size = this.pool[from] + 1;
      this.pool.copyWithin(to, from, from + size);
      this.starts[messageId] = to + 1;
      to += size;
    }
    this.used = to;
    this.wasted = 0;
  }
}
