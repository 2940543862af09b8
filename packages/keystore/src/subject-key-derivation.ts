import { createCipheriv, createHash } from 'node:crypto';
import { EPOCH_SIZE, subjectParts, type Subject } from './subjects.js';

const KEY_BYTES = 32;
const BLOCK = 16;

/** The first half of a subject's derivation blocks: fixed per kind (or per unnumbered subject). */
const prefixOf = (name: string): Buffer => createHash('sha256').update(`chat-subject-key/v1\n${name}`).digest().subarray(0, 8);

/** Ids have at most 15 digits (subjects.ts), so 2·id+1 stays an exact integer below 2^53. */
const TWO_32 = 0x1_0000_0000;

/**
 * The two 16-byte blocks a subject's key is the encryption of: the kind's prefix and 2·id, 2·id+1 as
 * 64-bit big-endian integers, written as two 32-bit halves (the BigInt writes it had made deriving an
 * epoch, 2,048 of them, cost twice as much; the bytes are the same).
 */
function blocksOf(prefix: Buffer, id: number, into: Buffer, at: number): void {
  for (let half = 0; half < 2; half++) {
    const value = id * 2 + half;
    const offset = at + half * BLOCK;
    prefix.copy(into, offset);
    into.writeUInt32BE(Math.floor(value / TWO_32), offset + 8);
    into.writeUInt32BE(value % TWO_32, offset + 12);
  }
}

/** AES-256 of distinct blocks under the master: a pseudo-random function of each block (no IV, no padding). */
function encryptBlocks(master: Buffer, blocks: Buffer): Buffer {
  const cipher = createCipheriv('aes-256-ecb', master, null);
  cipher.setAutoPadding(false);
  return Buffer.concat([cipher.update(blocks), cipher.final()]);
}

/**
 * Every subject key of an epoch at once, in one AES call (32 KiB for a numbered epoch): a subject's
 * key is AES-256 under the epoch's master of two blocks naming it, which no other subject shares, so
 * one subject's key says nothing of another's. Deriving a whole epoch costs about what one HMAC does.
 */
export function deriveEpochKeys(master: Buffer, anySubject: Subject): Buffer {
  const parts = subjectParts(anySubject);
  if (!parts) {
    const blocks = Buffer.alloc(2 * BLOCK);
    blocksOf(prefixOf(anySubject), 0, blocks, 0);
    return encryptBlocks(master, blocks);
  }
  const prefix = prefixOf(parts.kind);
  const first = Math.floor(parts.id / EPOCH_SIZE) * EPOCH_SIZE;
  const blocks = Buffer.alloc(EPOCH_SIZE * KEY_BYTES);
  for (let slot = 0; slot < EPOCH_SIZE; slot++) blocksOf(prefix, first + slot, blocks, slot * KEY_BYTES);
  return encryptBlocks(master, blocks);
}

/** A subject's key within the keys of its epoch. */
export function keyInEpoch(epochKeys: Buffer, subject: Subject): Buffer {
  const parts = subjectParts(subject);
  const slot = parts && epochKeys.length > KEY_BYTES ? parts.id % EPOCH_SIZE : 0;
  return epochKeys.subarray(slot * KEY_BYTES, (slot + 1) * KEY_BYTES);
}
