/**
 * Values by user id in an array indexed by the id: user ids are small and dense, and a message's
 * thirty receivers are looked up on every insert, where an array index is several times cheaper than
 * a Map's hashed lookup.
 */
export class ByUserId<T> {
  private values: (T | undefined)[] = [];

  get(userId: number): T | undefined {
    return this.values[userId];
  }

  set(userId: number, value: T): void {
    this.values[userId] = value;
  }

  clear(): void {
    this.values = [];
  }
}
