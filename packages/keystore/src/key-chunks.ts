import type { ForgetPlan } from './key-ring.js';
import { epochOf, EPOCH_SIZE, subjectParts } from './subjects.js';

const KEY_BYTES = 32;
/** Keys per stored chunk: a forgetting rewrites only the chunks its subjects' keys are in (1 KiB each). */
export const CHUNK_KEYS = 32;
export const CHUNK_BYTES = CHUNK_KEYS * KEY_BYTES;

/** One stored piece of an epoch's key table. */
export interface KeyChunk {
  epoch: string;
  chunk: number;
  keys: Buffer;
}

/** An epoch's key table cut in chunks (a subject's own epoch is one chunk of one key). */
export function chunksOf(epoch: string, keys: Buffer): KeyChunk[] {
  const out: KeyChunk[] = [];
  for (let at = 0, chunk = 0; at < keys.length; at += CHUNK_BYTES, chunk++) out.push({ epoch, chunk, keys: keys.subarray(at, at + CHUNK_BYTES) });
  return out;
}

/** The key tables the chunks of a store make, epoch by epoch (chunks in any order). */
export function joinChunks(chunks: Iterable<KeyChunk>): [string, Buffer][] {
  const tables = new Map<string, Buffer>();
  for (const { epoch, chunk, keys } of chunks) {
    let table = tables.get(epoch);
    if (!table) tables.set(epoch, (table = Buffer.alloc(epoch.endsWith('/*') ? KEY_BYTES : EPOCH_SIZE * KEY_BYTES)));
    keys.copy(table, chunk * CHUNK_BYTES);
  }
  return [...tables];
}

/**
 * The chunks a forget plan changes: every chunk of an epoch materialized now (its master dropped), and
 * of the others only the chunks holding a forgotten subject's key. A forgetting of one message thus
 * writes 1 KiB, not the 32 KiB of its epoch's table.
 */
export function changedChunks(plan: ForgetPlan): KeyChunk[] {
  const dropped = new Set(plan.dropMasters);
  const touched = new Map<string, Set<number>>();
  for (const subject of plan.subjects) {
    const parts = subjectParts(subject);
    const epoch = epochOf(subject);
    const chunks = touched.get(epoch) ?? new Set<number>();
    chunks.add(parts ? Math.floor((parts.id % EPOCH_SIZE) / CHUNK_KEYS) : 0);
    touched.set(epoch, chunks);
  }
  return plan.epochKeys.flatMap(([epoch, keys]) => {
    const all = chunksOf(epoch, keys);
    if (dropped.has(epoch) || keys.length <= CHUNK_BYTES) return all;
    const chunks = touched.get(epoch);
    return all.filter((each) => chunks?.has(each.chunk));
  });
}
