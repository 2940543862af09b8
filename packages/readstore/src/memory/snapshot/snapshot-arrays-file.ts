import { closeSync, existsSync, fstatSync, openSync, readSync } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import { crc32 } from 'node:zlib';
import { mapFile } from './mapped-file.js';
import { arrayOf, arrayOver, bytesPer, kindOf, type LoadedArray, pad8, roomFor, type SnapshotArray, type SnapshotArrayKind } from './snapshot-image.js';

/**
 * The snapshot's arrays file: its tables of numbers, each followed by zeroed room to grow, laid out so
 * that the file can be mapped into memory and each table used in place as a typed array. A restart
 * then reads nothing up front: pages come from the page cache as they are first touched, where reading
 * 300 MB into fresh memory cost over a second here (docs/topics/read-models.md). Only numbers are kept
 * here, so a mapping that outlives the file's removal holds nothing a forgetting must reach.
 */
const MAGIC = 'CHATRMA1';
/** The first table starts a page in: the id fits before it, and every table starts 8-aligned. */
const FIRST = 4096;
/** Checksums are read this many bytes at a time, into one reused buffer. */
const CHUNK = 8 << 20;

/** Where one table is in the arrays file. */
export interface ArrayPart {
  name: string;
  kind: SnapshotArrayKind;
  /** From the start of the file. */
  offset: number;
  /** The table's own bytes; `room` zero bytes follow them. */
  bytes: number;
  room: number;
  /** Of the table and its room: code reads the room as zeros (a message id with no holders yet). */
  crc: number;
}

const bytesOf = (view: ArrayBufferView): Uint8Array => new Uint8Array(view.buffer, view.byteOffset, view.byteLength);

/** The arrays file of the snapshot `file` written with `id`. */
export const arraysFileOf = (file: string, id: string): string => `${file}-${id}.arrays`;

/**
 * Writes `arrays` into a new arrays file (temporary, synced, renamed; the caller syncs the directory)
 * and answers where each table is. The checksums go in slices, yielding to the event loop between.
 */
export async function writeArraysFile(path: string, id: string, arrays: Record<string, SnapshotArray>): Promise<ArrayPart[]> {
  const parts: ArrayPart[] = [];
  let offset = FIRST;
  for (const [name, array] of Object.entries(arrays)) {
    const room = roomFor(array.length) * array.BYTES_PER_ELEMENT;
    parts.push({ name, kind: kindOf(array), offset, bytes: array.byteLength, room, crc: await checksum(bytesOf(array), room) });
    offset = pad8(offset + array.byteLength + room);
  }
  const prefix = Buffer.alloc(FIRST);
  prefix.write(MAGIC, 0, 'latin1');
  prefix.write(id, 8, 'latin1');
  const temporary = `${path}.tmp`;
  const handle = await open(temporary, 'w', 0o600);
  try {
    await handle.write(prefix, 0, prefix.length, 0);
    for (const part of parts) await handle.write(bytesOf(arrays[part.name]), 0, part.bytes, part.offset);
    // The room after the last table is a hole of zeros, as the others are.
    await handle.truncate(offset);
    await handle.sync();
  } catch (error) {
    await handle.close();
    await rm(temporary, { force: true });
    throw error;
  }
  await handle.close();
  await rename(temporary, path);
  return parts;
}

/** The checksum of `bytes` followed by `room` zeros. */
async function checksum(bytes: Uint8Array, room: number): Promise<number> {
  let crc = 0;
  for (let at = 0; at < bytes.length; at += CHUNK) {
    crc = crc32(bytes.subarray(at, at + CHUNK), crc);
    await new Promise((resolve) => setImmediate(resolve));
  }
  const zeros = new Uint8Array(Math.min(room, CHUNK));
  for (let at = 0; at < room; at += zeros.length) crc = crc32(zeros.subarray(0, Math.min(zeros.length, room - at)), crc);
  return crc;
}

/** Why the file at `path` is not the arrays file `id` with these parts (null: it is, as far as its size and id tell). */
function shapeProblem(path: string, fd: number, id: string, parts: readonly ArrayPart[]): string | null {
  const head = Buffer.alloc(8 + id.length);
  if (readSync(fd, head, 0, head.length, 0) < head.length || head.toString('latin1', 0, 8) !== MAGIC) return `${path} is not a snapshot arrays file`;
  if (head.toString('latin1', 8) !== id) return 'the arrays file belongs to another snapshot';
  const size = fstatSync(fd).size;
  const cut = parts.find((part) => part.offset + part.bytes + part.room > size);
  return cut ? `cut short in ${cut.name}` : null;
}

/** Reads every table of the arrays file through one buffer and checks its checksum: null when all hold, else why not. */
export function checkArraysFile(path: string, id: string, parts: readonly ArrayPart[]): string | null {
  if (!existsSync(path)) return 'its arrays file is missing';
  const fd = openSync(path, 'r');
  try {
    const problem = shapeProblem(path, fd, id, parts);
    if (problem) return problem;
    const buffer = Buffer.allocUnsafe(Math.min(CHUNK, Math.max(...parts.map((part) => part.bytes + part.room), 1)));
    for (const part of parts) {
      let crc = 0;
      for (let at = 0; at < part.bytes + part.room; at += buffer.length) {
        const read = readSync(fd, buffer, 0, Math.min(buffer.length, part.bytes + part.room - at), part.offset + at);
        crc = crc32(buffer.subarray(0, read), crc);
      }
      if (crc !== part.crc) return `checksum mismatch in ${part.name}`;
    }
    return null;
  } finally {
    closeSync(fd);
  }
}

/**
 * The tables of an arrays file already checked (`checkArraysFile`), as views of its mapping, each with
 * its room; null when the file cannot be mapped here (the caller reads it). Answers why not when the
 * file is not the one checked.
 */
export function mapArraysFile(path: string, id: string, parts: readonly ArrayPart[]): Map<string, LoadedArray> | string | null {
  if (!existsSync(path)) return 'its arrays file is missing';
  const mapped = mapFile(path);
  if (!mapped) return null;
  if (mapped.toString('latin1', 0, 8) !== MAGIC || mapped.toString('latin1', 8, 8 + id.length) !== id) return 'the arrays file belongs to another snapshot';
  const arrays = new Map<string, LoadedArray>();
  for (const part of parts) {
    if (part.offset + part.bytes + part.room > mapped.length) return `cut short in ${part.name}`;
    const each = bytesPer(part.kind);
    const array = arrayOver(part.kind, mapped.buffer, mapped.byteOffset + part.offset, (part.bytes + part.room) / each);
    arrays.set(part.name, { array, length: part.bytes / each });
  }
  return arrays;
}

/** The tables of an arrays file read into memory of this process, each checked against its checksum. */
export function readArraysFile(path: string, id: string, parts: readonly ArrayPart[]): Map<string, LoadedArray> | string {
  if (!existsSync(path)) return 'its arrays file is missing';
  const fd = openSync(path, 'r');
  try {
    const problem = shapeProblem(path, fd, id, parts);
    if (problem) return problem;
    const arrays = new Map<string, LoadedArray>();
    for (const part of parts) {
      const length = part.bytes / bytesPer(part.kind);
      const array = arrayOf(part.kind, length);
      const bytes = bytesOf(array).subarray(0, part.bytes + part.room);
      readSync(fd, bytes, 0, bytes.length, part.offset);
      if (crc32(bytes) !== part.crc) return `checksum mismatch in ${part.name}`;
      arrays.set(part.name, { array, length });
    }
    return arrays;
  } finally {
    closeSync(fd);
  }
}
