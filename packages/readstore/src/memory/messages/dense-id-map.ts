/**
 * Values by a small integer id (a user's, a message's) in an array indexed by the id. Ids are handed
 * out in order, so the array is dense; a message's thirty receivers and the message itself are looked
 * up on every insert, where an index costs a fraction of a hashed Map lookup over a million keys.
 */
export class DenseIdMap<T> {
  private values: (T | undefined)[] = [];

  get(id: number): T | undefined {
    return this.values[id];
  }

  has(id: number): boolean {
    return this.values[id] !== undefined;
  }

  set(id: number, value: T): void {
    this.values[id] = value;
  }

  delete(id: number): void {
    if (Number.isInteger(id) && id >= 0 && id < this.values.length) this.values[id] = undefined;
  }

  /** The ids that have a value, ascending. */
  *ids(): IterableIterator<number> {
    for (let id = 0; id < this.values.length; id++) if (this.values[id] !== undefined) yield id;
  }

  clear(): void {
    this.values = [];
  }
}
