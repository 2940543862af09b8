import { closeSync, existsSync, fstatSync, openSync, readdirSync, readSync } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import { isAscii } from 'node:buffer';
import { randomBytes } from 'node:crypto';
import { basename, dirname, join } from 'node:path';
import { crc32 } from 'node:zlib';
import { canMapFiles } from './mapped-file.js';
import { type ArrayPart, arraysFileOf, checkArraysFile, mapArraysFile, readArraysFile, writeArraysFile } from './snapshot-arrays-file.js';
import { type LoadedArray, pad8, type SnapshotImage } from './snapshot-image.js';

const MAGIC = 'CHATRMS2';

/** What a snapshot file says about itself: which models, at which log position, and where each part is. */
export interface SnapshotHeader {
  /** The version of the code and schemas that wrote it: any other version is not loaded. */
  version: string;
  position: number;
  /** The id of the log event at `position`: a snapshot of another log (or of a cut one) is not loaded. */
  eventId: string;
  /** The JSON part and the texts, in this file (offsets from the end of the header). */
  parts: { name: string; offset: number; bytes: number; crc: number }[];
  /** The tables of numbers, in the arrays file named after `id` (`arraysFileOf`). */
  arrays: { id: string; parts: ArrayPart[] };
}

/** A snapshot file read and checked, its texts decoded, its arrays file not yet checked (see `readSnapshotFile`). */
export type SnapshotText<J> = { ok: true; header: SnapshotHeader; json: J; texts: Map<string, string> } | { ok: false; reason: string };

export type SnapshotRead<J> =
  | { ok: true; header: SnapshotHeader; json: J; texts: Map<string, string>; arrays: Map<string, LoadedArray> }
  | { ok: false; reason: string };

/**
 * Writes the image as two files so that a crash at any moment leaves either the previous snapshot or
 * the new one, whole: the arrays file under a name of its own, then the snapshot file naming it
 * (each written to a temporary file, synced and renamed; then the directory synced). Arrays files of
 * earlier snapshots are removed afterwards. Requests are served meanwhile (writes on the thread pool,
 * checksums in slices).
 */
export async function writeSnapshotFile<J>(file: string, meta: Omit<SnapshotHeader, 'parts' | 'arrays'>, image: SnapshotImage<J>): Promise<number> {
  const id = randomBytes(12).toString('hex');
  const arrays = { id, parts: await writeArraysFile(arraysFileOf(file, id), id, image.arrays) };
  const parts: { name: string; bytes: Uint8Array }[] = [{ name: 'json', bytes: Buffer.from(JSON.stringify(image.json)) }];
  for (const [name, bytes] of Object.entries(image.texts)) parts.push({ name, bytes });
  const header: SnapshotHeader = { ...meta, parts: [], arrays };
  let offset = 0;
  for (const part of parts) {
    header.parts.push({ name: part.name, offset, bytes: part.bytes.length, crc: crc32(part.bytes) });
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
    await rm(arraysFileOf(file, id), { force: true });
    throw error;
  }
  await handle.close();
  await rename(temporary, file);
  const directory = await open(dirname(file), 'r');
  await directory.sync().finally(() => directory.close());
  await removeArraysFiles(file, id);
  const arraysEnd = arrays.parts.reduce((end, part) => Math.max(end, part.offset + part.bytes + part.room), 0);
  return prefix.length + offset + arraysEnd;
}

/** Removes the arrays files of `file`'s snapshots (and their temporary files), but the one of `keep`. */
export async function removeArraysFiles(file: string, keep: string | null = null): Promise<void> {
  const prefix = `${basename(file)}-`;
  const names = existsSync(dirname(file)) ? readdirSync(dirname(file)) : [];
  for (const name of names) {
    if (!name.startsWith(prefix) || !(name.endsWith('.arrays') || name.endsWith('.arrays.tmp'))) continue;
    if (keep !== null && name === basename(arraysFileOf(file, keep))) continue;
    await rm(join(dirname(file), name), { force: true });
  }
}

/**
 * Reads and checks a snapshot file (not its arrays file); a missing, cut or corrupt one, or one of
 * another `version` (null: any, which the caller then checks), is answered with why it is not used.
 * `J` is the type the writer gave the JSON part: a file of this version was written by this code.
 */
export function readSnapshotText<J>(file: string, version: string | null): SnapshotText<J> {
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
    const texts = new Map<string, string>();
    for (const part of header.parts) {
      if (base + part.offset + part.bytes > size) return { ok: false, reason: `cut short in ${part.name}` };
      const bytes = Buffer.allocUnsafeSlow(part.bytes);
      readSync(fd, bytes, 0, part.bytes, base + part.offset);
      if (crc32(bytes) !== part.crc) return { ok: false, reason: `checksum mismatch in ${part.name}` };
      if (part.name === 'json') json = JSON.parse(bytes.toString()) as J;
      // Most of it is ASCII, which decodes as Latin-1 without UTF-8's checks (37 MB at 1M messages).
      else texts.set(part.name, isAscii(bytes) ? bytes.toString('latin1') : bytes.toString());
    }
    if (!json) return { ok: false, reason: 'no data part' };
    return { ok: true, header, json, texts };
  } finally {
    closeSync(fd);
  }
}

/**
 * A snapshot read whole: its file (`readSnapshotText`) and its arrays file, mapped into memory where
 * mapping is available (after its checksums were checked, here or by `arraysChecked`: a read ahead
 * that already did), read into memory and checked as it is read otherwise (one pass, not two).
 */
export function readSnapshotFile<J>(file: string, version: string | null, text: SnapshotText<J> = readSnapshotText<J>(file, version), arraysChecked = false): SnapshotRead<J> {
  if (!text.ok) return text;
  const { id, parts } = text.header.arrays;
  const path = arraysFileOf(file, id);
  let arrays: Map<string, LoadedArray> | string | null = null;
  if (canMapFiles()) {
    const problem = arraysChecked ? null : checkArraysFile(path, id, parts);
    if (problem) return { ok: false, reason: problem };
    arrays = mapArraysFile(path, id, parts);
  }
  arrays ??= readArraysFile(path, id, parts);
  return typeof arrays === 'string' ? { ok: false, reason: arrays } : { ...text, arrays };
}
