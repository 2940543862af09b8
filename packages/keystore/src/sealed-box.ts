import { createCipheriv, createDecipheriv, createHash } from 'node:crypto';
import { type ChachaBoxes, nodeChachaBoxes, sodiumChachaBoxes } from './chacha-boxes.js';

/**
 * How a box was sealed. 1: AES-256-GCM through Node's cipher objects, the box holding nonce,
 * ciphertext and tag (logs written before format 2; still opened). 2: ChaCha20-Poly1305, the box
 * holding ciphertext and tag, the nonce derived again from the context when opened
 * (`chacha-boxes.ts`). Node 20 makes a cipher object (a stream, with its native half) for every
 * AES-GCM box; libsodium seals and opens a format 2 box in one call, with no object and no buffer
 * (docs/topics/forgetting.md, "Box format 2").
 */
export type BoxFormat = 1 | 2;

/** The format new boxes are sealed in. */
export const SEAL_FORMAT: BoxFormat = 2;

/** Format 2's implementation here: libsodium's where sodium-native loads, else Node's (the same bytes). */
export const chachaBoxes: ChachaBoxes = sodiumChachaBoxes() ?? nodeChachaBoxes;

const GCM_IV_BYTES = 12;
const TAG_BYTES = 16;

/** base64 of the box sealing `plaintext` under a subject key, authenticated with `context`, in the given format. */
export function sealText(key: Buffer, context: string, plaintext: string, format: BoxFormat = SEAL_FORMAT): string {
  return format === 2 ? chachaBoxes.seal(key, context, plaintext) : sealGcm(key, context, Buffer.from(plaintext)).toString('base64');
}

/** The plaintext of a base64 box sealed with this key, context and format; throws when any differs or a byte changed. */
export function openText(key: Buffer, context: string, base64: string, format: BoxFormat): string {
  return format === 2 ? chachaBoxes.open(key, context, base64) : openGcm(key, context, Buffer.from(base64, 'base64')).toString('utf8');
}

/** Format 1 (AES-256-GCM): the box is nonce, ciphertext and tag; the nonce is the context's SHA-256, cut. */
function sealGcm(key: Buffer, context: string, plaintext: Buffer): Buffer {
  const iv = createHash('sha256').update(context).digest().subarray(0, GCM_IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context));
  const body = cipher.update(plaintext);
  cipher.final(); // GCM is a stream mode: everything came out of update
  return Buffer.concat([iv, body, cipher.getAuthTag()], GCM_IV_BYTES + body.length + TAG_BYTES);
}

function openGcm(key: Buffer, context: string, box: Buffer): Buffer {
  if (box.length < GCM_IV_BYTES + TAG_BYTES) throw new Error('sealed box too short');
  const decipher = createDecipheriv('aes-256-gcm', key, box.subarray(0, GCM_IV_BYTES));
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(box.subarray(box.length - TAG_BYTES));
  const plaintext = decipher.update(box.subarray(GCM_IV_BYTES, box.length - TAG_BYTES));
  decipher.final(); // checks the tag; GCM gave everything out of update
  return plaintext;
}
