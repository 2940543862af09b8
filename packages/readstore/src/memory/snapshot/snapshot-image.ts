/** A typed array a snapshot saves as its bytes. */
export type SnapshotArray = Uint8Array | Uint16Array | Int32Array | Float64Array;

export type SnapshotArrayKind = 'u8' | 'u16' | 'i32' | 'f64';

/**
 * The state of the memory read models at one log position: what is plain data as JSON, the large
 * tables (message columns, holder pools) as typed arrays. Taken at once (no event is applied while it
 * is), written afterwards: nothing in it is shared with the live models.
 */
export interface SnapshotImage<J> {
  json: J;
  arrays: Record<string, SnapshotArray>;
}

export function kindOf(array: SnapshotArray): SnapshotArrayKind {
  if (array instanceof Uint8Array) return 'u8';
  if (array instanceof Uint16Array) return 'u16';
  return array instanceof Int32Array ? 'i32' : 'f64';
}

export const bytesPer = (kind: SnapshotArrayKind): number => ({ u8: 1, u16: 2, i32: 4, f64: 8 })[kind];

/** A typed array of `kind` with room for `length` elements and some more (a loaded table grows soon). */
export function arrayOf(kind: SnapshotArrayKind, length: number): SnapshotArray {
  const capacity = length + Math.max(1024, length >> 5);
  if (kind === 'u8') return new Uint8Array(capacity);
  if (kind === 'u16') return new Uint16Array(capacity);
  if (kind === 'i32') return new Int32Array(capacity);
  return new Float64Array(capacity);
}

/** A loaded array and how many of its elements were saved (the rest is room to grow). */
export interface LoadedArray {
  array: SnapshotArray;
  length: number;
}

/** The loaded array under `name`, of the type asked for; throws when it is missing or of another type. */
export function loaded<T extends SnapshotArray>(arrays: ReadonlyMap<string, LoadedArray>, name: string, type: new (length: number) => T): T {
  const found = arrays.get(name)?.array;
  if (!(found instanceof type)) throw new Error(`snapshot: no ${type.name} ${name}`);
  return found;
}
