/** A typed array at least `size` long: `array` itself, or a copy grown by doubling (`fill` in the new slots). */
export function grown<A extends Int32Array | Float64Array | Uint8Array>(array: A, size: number, make: (length: number) => A, fill = 0): A {
  if (size <= array.length) return array;
  let capacity = Math.max(array.length, 1024);
  while (capacity < size) capacity *= 2;
  const copy = make(capacity);
  copy.set(array);
  if (fill !== 0) copy.fill(fill, array.length);
  return copy;
}

/** Strings (or lists) kept once each, by a number: the index of their first appearance. */
export class Interned<T> {
  readonly values: T[] = [];
  private readonly index = new Map<string, number>();

  constructor(private readonly keyOf: (value: T) => string) {}

  /** The number of the value, assigned when first seen. */
  of(value: T): number {
    const key = this.keyOf(value);
    let at = this.index.get(key);
    if (at === undefined) {
      at = this.values.length;
      this.values.push(value);
      this.index.set(key, at);
    }
    return at;
  }

  /** Takes over a saved table (as `values` listed it). */
  load(values: readonly T[]): void {
    this.clear();
    for (const value of values) this.of(value);
  }

  clear(): void {
    this.values.length = 0;
    this.index.clear();
  }
}
