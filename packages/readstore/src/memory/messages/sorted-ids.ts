/**
 * A sorted list of message ids in a growable Int32Array. Ids nearly always arrive in increasing order,
 * so adding is an append; the rare insertion in the middle (history entered later) shifts the tail.
 */
export class SortedIds {
  ids: Int32Array;
  length = 0;

  constructor(capacity = 8) {
    this.ids = new Int32Array(capacity);
  }

  /** A list over ids already ascending and distinct (taken as they are). */
  static fromSorted(ids: readonly number[]): SortedIds {
    const list = new SortedIds(Math.max(8, ids.length));
    list.ids.set(ids);
    list.length = ids.length;
    return list;
  }

  /** A list kept in `buffer` (until it outgrows it), whose first `length` ids are ascending and distinct. */
  static over(buffer: Int32Array, length: number): SortedIds {
    const list = new SortedIds(0);
    list.ids = buffer;
    list.length = length;
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

  /** Adds the id in order; an id already present is left as it is. */
  add(id: number): void {
    const at = this.length > 0 && this.ids[this.length - 1] < id ? this.length : this.lowerBound(id);
    if (at < this.length && this.ids[at] === id) return;
    if (this.length === this.ids.length) this.grow();
    if (at < this.length) this.ids.copyWithin(at + 1, at, this.length);
    this.ids[at] = id;
    this.length++;
  }

  remove(id: number): boolean {
    const at = this.indexOf(id);
    if (at < 0) return false;
    this.ids.copyWithin(at, at + 1, this.length);
    this.length--;
    return true;
  }

  last(): number | undefined {
    return this.length > 0 ? this.ids[this.length - 1] : undefined;
  }

  toArray(): number[] {
    return Array.from(this.ids.subarray(0, this.length));
  }

  private grow(): void {
    const ids = new Int32Array(Math.max(8, this.ids.length * 2));
    ids.set(this.ids.subarray(0, this.length));
    this.ids = ids;
  }
}
