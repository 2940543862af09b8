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

/**
 * Where a libsodium box is worked on: one scratch buffer, the context (the authenticated data), the
 * input and the output each at a fixed place in it, and views of each place made once per length, so
 * sealing or opening a box of the usual sizes makes no Buffer object at all. In a freshly started
 * process, before the code is compiled, the views made per box had the first 10,000 boxes opened cost
 * 4.2 µs each; with none made, 2.1–2.8 µs, what a box costs once compiled (docs/topics/forgetting.md,
 * "Boxes that make no buffers"). Inputs larger than the places get buffers of their own.
 */
class Workbench {
  static readonly CONTEXT_BYTES = 1024;
  static readonly INPUT_BYTES = 16 * 1024;
  /** Views are kept for lengths below this (at most three times as many views, about 1.5 MB). */
  private static readonly KEPT_VIEW_BYTES = 4096;
  private static readonly CONTEXT_AT = 32;
  private static readonly INPUT_AT = Workbench.CONTEXT_AT + Workbench.CONTEXT_BYTES;
  private static readonly OUTPUT_AT = Workbench.INPUT_AT + Workbench.INPUT_BYTES;
  readonly memory = Buffer.allocUnsafeSlow(Workbench.OUTPUT_AT + Workbench.INPUT_BYTES + TAG_BYTES);
  /** The first 32 bytes: the context's digest, whose first 12 are the nonce. */
  readonly digest = this.memory.subarray(0, 32);
  readonly nonce = this.memory.subarray(0, NONCE_BYTES);
  private readonly views: [Buffer[], Buffer[], Buffer[]] = [[], [], []];

  /** The view of `bytes` bytes at place 0 (context), 1 (input) or 2 (output); kept for the usual lengths. */
  view(place: 0 | 1 | 2, bytes: number): Buffer {
    const kept = this.views[place][bytes];
    if (kept) return kept;
    const at = place === 0 ? Workbench.CONTEXT_AT : place === 1 ? Workbench.INPUT_AT : Workbench.OUTPUT_AT;
    const view = this.memory.subarray(at, at + bytes);
    if (bytes < Workbench.KEPT_VIEW_BYTES) this.views[place][bytes] = view;
    return view;
  }

  /** Writes the context at its place and answers its length in bytes, or -1 when it does not fit. */
  writeContext(context: string): number {
    if (3 * context.length > Workbench.CONTEXT_BYTES) return -1;
    return this.memory.write(context, Workbench.CONTEXT_AT, 'utf8');
  }

  /** Writes `text` in an encoding at the input's place; its length in bytes, or -1 when it may not fit. */
  writeInput(text: string, encoding: 'utf8' | 'base64', maxBytes: number): number {
    return maxBytes > Workbench.INPUT_BYTES ? -1 : this.memory.write(text, Workbench.INPUT_AT, encoding);
  }

  outputText(bytes: number, encoding: 'utf8' | 'base64'): string {
    return this.memory.toString(encoding, Workbench.OUTPUT_AT, Workbench.OUTPUT_AT + bytes);
  }
}

/** libsodium's, or null where sodium-native cannot be loaded. */
export function sodiumChachaBoxes(): ChachaBoxes | null {
  let sodium: Sodium;
  try {
    sodium = createRequire(import.meta.url)('sodium-native') as Sodium;
  } catch {
    return null;
  }
  const bench = new Workbench();
  /** A box too large for the workbench: buffers of its own (the same bytes). */
  const sealLarge = (key: Buffer, context: string, plaintext: string): string => {
    const aad = Buffer.from(context);
    const message = Buffer.from(plaintext);
    const box = Buffer.allocUnsafe(message.length + TAG_BYTES);
    sodium.crypto_aead_chacha20poly1305_ietf_encrypt(box, message, aad, null, nonceOf(aad), key);
    return box.toString('base64');
  };
  const openLarge = (key: Buffer, context: string, base64: string): string => {
    const aad = Buffer.from(context);
    const box = Buffer.from(base64, 'base64');
    if (box.length < TAG_BYTES) throw new Error('sealed box too short');
    const plaintext = Buffer.allocUnsafe(box.length - TAG_BYTES);
    sodium.crypto_aead_chacha20poly1305_ietf_decrypt(plaintext, null, box, aad, nonceOf(aad), key);
    return plaintext.toString('utf8');
  };
  return {
    name: 'libsodium',
    seal(key, context, plaintext) {
      const aadBytes = bench.writeContext(context);
      const plainBytes = aadBytes < 0 ? -1 : bench.writeInput(plaintext, 'utf8', 3 * plaintext.length);
      if (plainBytes < 0) return sealLarge(key, context, plaintext);
      const aad = bench.view(0, aadBytes);
      sodium.crypto_hash_sha256(bench.digest, aad);
      sodium.crypto_aead_chacha20poly1305_ietf_encrypt(bench.view(2, plainBytes + TAG_BYTES), bench.view(1, plainBytes), aad, null, bench.nonce, key);
      return bench.outputText(plainBytes + TAG_BYTES, 'base64');
    },
    open(key, context, base64) {
      const aadBytes = bench.writeContext(context);
      const boxBytes = aadBytes < 0 ? -1 : bench.writeInput(base64, 'base64', base64.length);
      if (boxBytes < 0) return openLarge(key, context, base64);
      if (boxBytes < TAG_BYTES) throw new Error('sealed box too short');
      const aad = bench.view(0, aadBytes);
      sodium.crypto_hash_sha256(bench.digest, aad);
      sodium.crypto_aead_chacha20poly1305_ietf_decrypt(bench.view(2, boxBytes - TAG_BYTES), null, bench.view(1, boxBytes), aad, bench.nonce, key);
      return bench.outputText(boxBytes - TAG_BYTES, 'utf8');
    },
  };
}
