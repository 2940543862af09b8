/**
 * Values by a small integer id (a user's, a message's) in an array indexed by the id. Ids are handed
 * out in order, so the array is dense; a message's thirty receivers and the message itself are looked
 * up on every insert, where an index costs a fraction of a hashed Map lookup over a million keys.
 */
export class DenseIdMap<T> {
  private slots: (T | undefined)[] = [];

  get(id: number): T | undefined {
    return this.slots[id];
  }

  has(id: number): boolean {
    return this.slots[id] !== undefined;
  }

  set(id: number, value: T): void {
    this.slots[id] = value;
  }

  delete(id: number): void {
    if (Number.isInteger(id) && id >= 0 && id < this.slots.length) this.slots[id] = undefined;
  }

  /** The ids that have a value, ascending. */
  *ids(): IterableIterator<number> {
    for (let id = 0; id < this.slots.length; id++) if (this.slots[id] !== undefined) yield id;
  }

  /** The values, by ascending id. */
  *values(): IterableIterator<T> {
    for (const value of this.slots) if (value !== undefined) yield value;
  }

  clear(): void {
    this.slots = [];
  }
}
