import { createCipheriv, createDecipheriv, createHash } from 'node:crypto';

const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * AES-256-GCM under a subject key. The nonce is derived from the box's context (the event id and
 * what is sealed in it), which the log never repeats, so sealing the same event twice gives the same
 * bytes: a retried append is recognised as a retry rather than as a different event under one id.
 */
export function sealBox(key: Buffer, context: string, plaintext: Buffer): Buffer {
  const iv = createHash('sha256').update(context).digest().subarray(0, IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context));
  const body = cipher.update(plaintext);
  cipher.final(); // GCM is a stream mode: everything came out of update
  return Buffer.concat([iv, body, cipher.getAuthTag()], IV_BYTES + body.length + TAG_BYTES);
}

/** The plaintext of a box sealed with this key and context; throws when either differs or a byte changed. */
export function openBox(key: Buffer, context: string, box: Buffer): Buffer {
  if (box.length < IV_BYTES + TAG_BYTES) throw new Error('sealed box too short');
  const decipher = createDecipheriv('aes-256-gcm', key, box.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(box.subarray(box.length - TAG_BYTES));
  const plaintext = decipher.update(box.subarray(IV_BYTES, box.length - TAG_BYTES));
  decipher.final(); // checks the tag; GCM gave everything out of update
  return plaintext;
}
