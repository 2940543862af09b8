import { closeSync, existsSync, fstatSync, openSync, readSync } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { crc32 } from 'node:zlib';
import { arrayOf, bytesPer, kindOf, type LoadedArray, type SnapshotArrayKind, type SnapshotImage } from './snapshot-image.js';

const MAGIC = 'CHATRMS1';
/** Checksums are computed this many bytes at a time, yielding to the event loop in between. */
const SLICE = 8 << 20;

/** What a snapshot file says about itself: which models, at which log position, and where each part is. */
export interface SnapshotHeader {
  /** The version of the code and schemas that wrote it: any other version is not loaded. */
  version: string;
  position: number;
  /** The id of the log event at `position`: a snapshot of another log (or of a cut one) is not loaded. */
  eventId: string;
  parts: { name: string; kind: SnapshotArrayKind | 'json'; offset: number; bytes: number; crc: number }[];
}

export type SnapshotRead<J> =
  | { ok: true; header: SnapshotHeader; json: J; arrays: Map<string, LoadedArray> }
  | { ok: false; reason: string };

const bytesOf = (view: ArrayBufferView): Uint8Array => new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
const pad8 = (n: number): number => (n + 7) & ~7;

async function checksum(bytes: Uint8Array): Promise<number> {
  let crc = 0;
  for (let at = 0; at < bytes.length; at += SLICE) {
    crc = crc32(bytes.subarray(at, at + SLICE), crc);
    await new Promise((resolve) => setImmediate(resolve));
  }
  return crc;
}

/**
 * Writes the image to `file` so that a crash at any moment leaves either the previous file or the new
 * one, whole: written to a temporary file, synced, renamed over, and the directory synced. The writes
 * go through the thread pool and the checksums in slices, so requests are served meanwhile.
 */
export async function writeSnapshotFile<J>(file: string, meta: Omit<SnapshotHeader, 'parts'>, image: SnapshotImage<J>): Promise<number> {
  const parts: { name: string; kind: SnapshotArrayKind | 'json'; bytes: Uint8Array }[] = [{ name: 'json', kind: 'json', bytes: Buffer.from(JSON.stringify(image.json)) }];
  for (const [name, array] of Object.entries(image.arrays)) parts.push({ name, kind: kindOf(array), bytes: bytesOf(array) });
  const header: SnapshotHeader = { ...meta, parts: [] };
  let offset = 0;
  for (const part of parts) {
    header.parts.push({ name: part.name, kind: part.kind, offset, bytes: part.bytes.length, crc: await checksum(part.bytes) });
    offset = pad8(offset + part.bytes.length);
  }
  const headerBytes = Buffer.from(JSON.stringify(header));
  const prefix = Buffer.alloc(pad8(16 + headerBytes.length));
  prefix.write(MAGIC, 0, 'latin1');
  prefix.writeUInt32LE(headerBytes.length, 8);
  prefix.writeUInt32LE(crc32(headerBytes), 12);
  headerBytes.copy(prefix, 16);
  const temporary = `${file}.tmp`;
  const handle = await open(temporary, 'w', 0o600);
  try {
    await handle.write(prefix, 0, prefix.length, 0);
    for (const [index, part] of parts.entries()) await handle.write(part.bytes, 0, part.bytes.length, prefix.length + header.parts[index].offset);
    await handle.sync();
  } catch (error) {
    await handle.close();
    await rm(temporary, { force: true });
    throw error;
  }
  await handle.close();
  await rename(temporary, file);
  const directory = await open(dirname(file), 'r');
  await directory.sync().finally(() => directory.close());
  return prefix.length + offset;
}

/**
 * Reads and checks a snapshot file; a missing, cut or corrupt one, or one of another `version` (null:
 * any, which the caller then checks), is answered with why it is not used. `J` is the type the writer gave the JSON part: a file of this
 * version was written by this code.
 */
export function readSnapshotFile<J>(file: string, version: string | null): SnapshotRead<J> {
  if (!existsSync(file)) return { ok: false, reason: 'no snapshot' };
  const fd = openSync(file, 'r');
  try {
    const size = fstatSync(fd).size;
    const prefix = Buffer.alloc(16);
    if (readSync(fd, prefix, 0, 16, 0) < 16 || prefix.toString('latin1', 0, 8) !== MAGIC) return { ok: false, reason: 'not a snapshot file' };
    const headerBytes = Buffer.alloc(prefix.readUInt32LE(8));
    if (16 + headerBytes.length > size || readSync(fd, headerBytes, 0, headerBytes.length, 16) < headerBytes.length) return { ok: false, reason: 'cut short' };
    if (crc32(headerBytes) !== prefix.readUInt32LE(12)) return { ok: false, reason: 'header checksum mismatch' };
    const header = JSON.parse(headerBytes.toString()) as SnapshotHeader;
    if (version !== null && header.version !== version) return { ok: false, reason: `written by another version (${header.version})` };
    const base = pad8(16 + headerBytes.length);
    let json: J | null = null;
    const arrays = new Map<string, LoadedArray>();
    for (const part of header.parts) {
      if (base + part.offset + part.bytes > size) return { ok: false, reason: `cut short in ${part.name}` };
      const array = part.kind === 'json' ? new Uint8Array(part.bytes) : arrayOf(part.kind, part.bytes / bytesPer(part.kind));
      const bytes = bytesOf(array).subarray(0, part.bytes);
      readSync(fd, bytes, 0, part.bytes, base + part.offset);
      if (crc32(bytes) !== part.crc) return { ok: false, reason: `checksum mismatch in ${part.name}` };
      if (part.kind === 'json') json = JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString()) as J;
      else arrays.set(part.name, { array, length: part.bytes / bytesPer(part.kind) });
    }
    if (!json) return { ok: false, reason: 'no data part' };
    return { ok: true, header, json, arrays };
  } finally {
    closeSync(fd);
  }
}
