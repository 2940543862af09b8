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
  /**
   * Documents as JSON text, by name: what may hold personal data (names, drafts, earlier versions).
   * Kept in the snapshot file itself, which a forgetting removes.
   */
  texts: Record<string, Uint8Array>;
  /**
   * Tables of numbers only (ids, flags, times, log positions), by name: never a text. Kept in the
   * snapshot's arrays file, which a start maps into memory rather than reading (see snapshot-arrays-file.ts).
   */
  arrays: Record<string, SnapshotArray>;
}

export function kindOf(array: SnapshotArray): SnapshotArrayKind {
  if (array instanceof Uint8Array) return 'u8';
  if (array instanceof Uint16Array) return 'u16';
  return array instanceof Int32Array ? 'i32' : 'f64';
}

export const bytesPer = (kind: SnapshotArrayKind): number => ({ u8: 1, u16: 2, i32: 4, f64: 8 })[kind];

/** `n` rounded up to a multiple of 8: where each part of a snapshot file starts. */
export const pad8 = (n: number): number => (n + 7) & ~7;

/** The room kept after a loaded table of `length` elements (it grows soon after a start). */
export const roomFor = (length: number): number => Math.max(1024, length >> 5);

/** A typed array of `kind` with room for `length` elements and some more (a loaded table grows soon). */
export function arrayOf(kind: SnapshotArrayKind, length: number): SnapshotArray {
  return arrayOver(kind, new ArrayBuffer((length + roomFor(length)) * bytesPer(kind)), 0, length + roomFor(length));
}

/** A typed array of `kind` over `count` elements of `buffer` from `offset` (a multiple of the element's size). */
export function arrayOver(kind: SnapshotArrayKind, buffer: ArrayBufferLike, offset: number, count: number): SnapshotArray {
  if (kind === 'u8') return new Uint8Array(buffer, offset, count);
  if (kind === 'u16') return new Uint16Array(buffer, offset, count);
  if (kind === 'i32') return new Int32Array(buffer, offset, count);
  return new Float64Array(buffer, offset, count);
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
