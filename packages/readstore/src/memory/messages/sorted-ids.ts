/**
 * A sorted list of message ids in a growable Int32Array, with an optional parallel byte per id (a
 * user's flags). Ids nearly always arrive in increasing order, so adding is an append; the rare
 * insertion in the middle (history entered later) shifts the tail.
 */
export class SortedIds {
  ids: Int32Array;
  bytes: Uint8Array | null;
  length = 0;

  constructor(withBytes = false, capacity = 8) {
    [this.ids, this.bytes] = SortedIds.allocate(capacity, withBytes);
  }

  /** The ids and their bytes share one buffer: one allocation per growth instead of two. */
  private static allocate(capacity: number, withBytes: boolean): [Int32Array, Uint8Array | null] {
    const buffer = new ArrayBuffer(capacity * (withBytes ? 5 : 4));
    return [new Int32Array(buffer, 0, capacity), withBytes ? new Uint8Array(buffer, capacity * 4, capacity) : null];
  }

  /** A list over ids already ascending and distinct (taken as they are). */
  static fromSorted(ids: readonly number[]): SortedIds {
    const list = new SortedIds(false, Math.max(8, ids.length));
    list.ids.set(ids);
    list.length = ids.length;
    return list;
  }

  at(index: number): number {
    return this.ids[index];
  }

  /** The index of the first id ≥ `id`. */
  lowerBound(id: number): number {
    let low = 0;
    let high = this.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.ids[mid] < id) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  indexOf(id: number): number {
    const at = this.lowerBound(id);
    return at < this.length && this.ids[at] === id ? at : -1;
  }

  has(id: number): boolean {
    return this.indexOf(id) >= 0;
  }

  /** Adds the id (with its byte) in order; an id already present only has its byte replaced. */
  add(id: number, byte = 0): void {
    const at = this.length > 0 && this.ids[this.length - 1] < id ? this.length : this.lowerBound(id);
    if (at < this.length && this.ids[at] === id) {
      if (this.bytes) this.bytes[at] = byte;
      return;
    }
    if (this.length === this.ids.length) this.grow();
    if (at < this.length) {
      this.ids.copyWithin(at + 1, at, this.length);
      this.bytes?.copyWithin(at + 1, at, this.length);
    }
    this.ids[at] = id;
    if (this.bytes) this.bytes[at] = byte;
    this.length++;
  }

  remove(id: number): boolean {
    const at = this.indexOf(id);
    if (at < 0) return false;
    this.ids.copyWithin(at, at + 1, this.length);
    this.bytes?.copyWithin(at, at + 1, this.length);
    this.length--;
    return true;
  }

  byteOf(id: number): number | undefined {
    const at = this.indexOf(id);
    return at < 0 || !this.bytes ? undefined : this.bytes[at];
  }

  last(): number | undefined {
    return this.length > 0 ? this.ids[this.length - 1] : undefined;
  }

  toArray(): number[] {
    return Array.from(this.ids.subarray(0, this.length));
  }

  private grow(): void {
    const [ids, bytes] = SortedIds.allocate(Math.max(8, this.ids.length * 2), this.bytes !== null);
    ids.set(this.ids.subarray(0, this.length));
    if (bytes && this.bytes) bytes.set(this.bytes.subarray(0, this.length));
    this.ids = ids;
    this.bytes = bytes;
  }
}
