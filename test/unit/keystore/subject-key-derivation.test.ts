import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { EPOCH_SIZE, epochOf, KeyRing } from '@chat/keystore';

/** A subject's key as the derivation was first written: AES-256 of prefix ‖ (2·id + half) as a BigInt. */
function keyAsFirstWritten(master: Buffer, kind: string, id: number): Buffer {
  const prefix = createHash('sha256').update(`chat-subject-key/v1\n${kind}`).digest().subarray(0, 8);
  const blocks = Buffer.alloc(32);
  for (let half = 0; half < 2; half++) {
    prefix.copy(blocks, half * 16);
    blocks.writeBigUInt64BE(BigInt(id) * 2n + BigInt(half), half * 16 + 8);
  }
  const cipher = createCipheriv('aes-256-ecb', master, null);
  cipher.setAutoPadding(false);
  return Buffer.concat([cipher.update(blocks), cipher.final()]);
}

describe('subject key derivation', function () {
  it('gives every subject the key it has always had, ids past 2^32 and of 15 digits too', function () {
    const master = randomBytes(32);
    for (const id of [0, 1, 1023, 5 * EPOCH_SIZE + 17, 2 ** 31, 2 ** 32 - 1, 2 ** 32, 2 ** 40 + 3, 999_999_999_999_999]) {
      const subject = `message-${id}`;
      const ring = new KeyRing({ masters: [[epochOf(subject), master]], materialized: [] });
      expect(ring.keyOf(subject), subject).to.deep.equal(keyAsFirstWritten(master, 'message', id));
    }
  });
});
