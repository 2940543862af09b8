import { createCipheriv, createDecipheriv, createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import type { Sodium } from 'sodium-native';

/**
 * ChaCha20-Poly1305 (IETF: 12-byte nonce, 16-byte tag) over text, the cipher of format 2 boxes. The
 * nonce is the first 12 bytes of the context's SHA-256; the box is ciphertext then tag, base64.
 * Two implementations give the same bytes: libsodium's one-shot calls (sodium-native), which make
 * no object and, here, no buffer per box, and Node's cipher objects, for a platform sodium-native has
 * no build for (the test suite checks that each opens the other's boxes).
 */
export interface ChachaBoxes {
  readonly name: string;
  seal(key: Buffer, context: string, plaintext: string): string;
  open(key: Buffer, context: string, base64: string): string;
}

export const NONCE_BYTES = 12;
export const TAG_BYTES = 16;

export const nodeChachaBoxes: ChachaBoxes = {
  name: 'node:crypto',
  seal(key, context, plaintext) {
    const aad = Buffer.from(context);
    const message = Buffer.from(plaintext, 'utf8');
    const cipher = createCipheriv('chacha20-poly1305', key, nonceOf(aad), { authTagLength: TAG_BYTES });
    cipher.setAAD(aad, { plaintextLength: message.length });
    const body = cipher.update(message);
    cipher.final();
    return Buffer.concat([body, cipher.getAuthTag()]).toString('base64');
  },
  open(key, context, base64) {
    const box = Buffer.from(base64, 'base64');
    if (box.length < TAG_BYTES) throw new Error('sealed box too short');
    const aad = Buffer.from(context);
    const decipher = createDecipheriv('chacha20-poly1305', key, nonceOf(aad), { authTagLength: TAG_BYTES });
    decipher.setAAD(aad, { plaintextLength: box.length - TAG_BYTES });
    decipher.setAuthTag(box.subarray(box.length - TAG_BYTES));
    const plaintext = decipher.update(box.subarray(0, box.length - TAG_BYTES));
    decipher.final(); // checks the tag
    return plaintext.toString('utf8');
  },
};

const nonceOf = (aad: Buffer): Buffer => createHash('sha256').update(aad).digest().subarray(0, NONCE_BYTES);

/** libsodium's, or null where sodium-native cannot be loaded. */
export function sodiumChachaBoxes(): ChachaBoxes | null {
  let sodium: Sodium;
  try {
    sodium = createRequire(import.meta.url)('sodium-native') as Sodium;
  } catch {
    return null;
  }
  const DIGEST_BYTES = sodium.crypto_hash_sha256_BYTES;
  /** The context, its digest (the nonce), the plaintext and the box, side by side: sealing and opening are synchronous. */
  let scratch = Buffer.allocUnsafeSlow(16 * 1024);
  const scratchOf = (bytes: number): Buffer => (scratch.length >= bytes ? scratch : (scratch = Buffer.allocUnsafeSlow(2 * bytes)));
  const writeContext = (memory: Buffer, context: string): { aad: Buffer; nonce: Buffer; end: number } => {
    const aadBytes = memory.write(context, 0, 'utf8');
    const aad = memory.subarray(0, aadBytes);
    const digest = memory.subarray(aadBytes, aadBytes + DIGEST_BYTES);
    sodium.crypto_hash_sha256(digest, aad);
    return { aad, nonce: digest.subarray(0, NONCE_BYTES), end: aadBytes + DIGEST_BYTES };
  };
  return {
    name: 'libsodium',
    seal(key, context, plaintext) {
      const memory = scratchOf(3 * context.length + DIGEST_BYTES + 2 * Buffer.byteLength(plaintext) + TAG_BYTES);
      const { aad, nonce, end } = writeContext(memory, context);
      const plainBytes = memory.write(plaintext, end, 'utf8');
      const box = memory.subarray(end + plainBytes, end + 2 * plainBytes + TAG_BYTES);
      sodium.crypto_aead_chacha20poly1305_ietf_encrypt(box, memory.subarray(end, end + plainBytes), aad, null, nonce, key);
      return box.toString('base64');
    },
    open(key, context, base64) {
      const memory = scratchOf(3 * context.length + DIGEST_BYTES + 2 * base64.length);
      const { aad, nonce, end } = writeContext(memory, context);
      const boxBytes = memory.write(base64, end, 'base64');
      if (boxBytes < TAG_BYTES) throw new Error('sealed box too short');
      const plaintext = memory.subarray(end + boxBytes, end + 2 * boxBytes - TAG_BYTES);
      sodium.crypto_aead_chacha20poly1305_ietf_decrypt(plaintext, null, memory.subarray(end, end + boxBytes), aad, nonce, key);
      return plaintext.toString('utf8');
    },
  };
}
