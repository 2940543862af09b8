import { expect } from 'chai';
import { chachaBoxes, nodeChachaBoxes, openText, SEAL_FORMAT, sealText, sodiumChachaBoxes } from '@chat/keystore';

const KEY = Buffer.alloc(32, 1);
const OTHER_KEY = Buffer.alloc(32, 2);
const CONTEXT = 'chat-sealed/v2\nevent-1\nmessage-1\ncontent,rendered_content';
const TEXT = JSON.stringify(['secret words', '<p>secret words</p>']);

/** A byte of the box changed (its first base64 character moved one letter on). */
const changed = (base64: string): string => `${base64[0] === 'A' ? 'B' : 'A'}${base64.slice(1)}`;

describe('sealed boxes', () => {
  it('seals new boxes in format 2: ciphertext and tag only, the same bytes for the same key and context', () => {
    expect(SEAL_FORMAT).to.equal(2);
    const box = sealText(KEY, CONTEXT, TEXT);
    expect(Buffer.from(box, 'base64')).to.have.length(Buffer.byteLength(TEXT) + 16);
    expect(sealText(KEY, CONTEXT, TEXT)).to.equal(box);
    expect(sealText(KEY, `${CONTEXT}x`, TEXT)).not.to.equal(box);
    expect(openText(KEY, CONTEXT, box, 2)).to.equal(TEXT);
  });

  it('keeps format 2 as it was first written (ChaCha20-Poly1305, nonce from the context\'s SHA-256), checked against another implementation', () => {
    // Computed once with @noble/ciphers' chacha20poly1305, outside the project: a change of the
    // format's bytes would leave every log written in it unreadable, so it fails here first.
    const expected = 'c3rkm2PviQDz9QDX6UYFFCNhvFI8Mrr/3VHRyHXhKnjgNScztfMNRa2mEAf0vedGqzA6F9gI';
    expect(sealText(KEY, CONTEXT, TEXT)).to.equal(expected);
    expect(nodeChachaBoxes.seal(KEY, CONTEXT, TEXT)).to.equal(expected);
  });

  it('uses libsodium here, and Node\'s cipher where sodium-native has no build: each opens the other\'s boxes', () => {
    const sodium = sodiumChachaBoxes();
    expect(sodium?.name).to.equal('libsodium');
    expect(chachaBoxes.name).to.equal('libsodium');
    for (const text of ['', 'é 🙂', 'x'.repeat(40_000)]) {
      expect(nodeChachaBoxes.open(KEY, CONTEXT, sodium?.seal(KEY, CONTEXT, text) ?? '')).to.equal(text);
      expect(sodium?.open(KEY, CONTEXT, nodeChachaBoxes.seal(KEY, CONTEXT, text))).to.equal(text);
    }
    const box = nodeChachaBoxes.seal(KEY, CONTEXT, TEXT);
    expect(() => nodeChachaBoxes.open(OTHER_KEY, CONTEXT, box)).to.throw();
    expect(() => nodeChachaBoxes.open(KEY, `${CONTEXT}x`, box)).to.throw();
    expect(() => nodeChachaBoxes.open(KEY, CONTEXT, changed(box))).to.throw();
  });

  it('opens only with its own key, context and format, and refuses a changed byte', () => {
    const box = sealText(KEY, CONTEXT, TEXT);
    expect(() => openText(OTHER_KEY, CONTEXT, box, 2)).to.throw();
    expect(() => openText(KEY, CONTEXT.replace('event-1', 'event-2'), box, 2)).to.throw();
    expect(() => openText(KEY, CONTEXT, box, 1)).to.throw();
    expect(() => openText(KEY, CONTEXT, changed(box), 2)).to.throw();
    expect(() => openText(KEY, CONTEXT, box.slice(0, 8), 2)).to.throw();
  });

  it('still opens format 1 boxes (AES-256-GCM, nonce stored), which logs written before format 2 hold', () => {
    const v1Context = CONTEXT.replace('/v2', '/v1');
    const box = sealText(KEY, v1Context, TEXT, 1);
    expect(Buffer.from(box, 'base64')).to.have.length(12 + Buffer.byteLength(TEXT) + 16);
    expect(openText(KEY, v1Context, box, 1)).to.equal(TEXT);
    expect(() => openText(KEY, v1Context, box, 2)).to.throw();
    expect(() => openText(KEY, v1Context, changed(box), 1)).to.throw();
  });

  it('gives libsodium\'s and Node\'s the same bytes at every size around the ends of libsodium\'s working memory, whatever was sealed before', () => {
    const sodium = sodiumChachaBoxes();
    if (!sodium) throw new Error('sodium-native did not load');
    // Around 1,024 bytes of context and 16,384 bytes of input (texts of 3-byte characters, and boxes
    // whose base64 is that long), each length after another so views kept for one never show through.
    const lengths = [0, 1, 2, 15, 16, 17, 340, 341, 342, 343, 1365, 1366, 4095, 4096, 4097, 5461, 5462, 5463, 12_285, 12_288, 16_368, 16_384, 16_400];
    for (const length of lengths) {
      for (const text of ['x'.repeat(length), '€'.repeat(length)]) {
        const context = `${CONTEXT}${'é'.repeat(length % 700)}`;
        const box = sodium.seal(KEY, context, text);
        expect(box).to.equal(nodeChachaBoxes.seal(KEY, context, text));
        expect(sodium.open(KEY, context, box)).to.equal(text);
        expect(sodium.open(KEY, CONTEXT, sodium.seal(KEY, CONTEXT, TEXT))).to.equal(TEXT);
        expect(() => sodium.open(KEY, context, changed(box))).to.throw();
      }
    }
  });

  it('seals texts of any length and script, longer ones than its working memory too', () => {
    for (const text of ['', 'é', '🙂 ünïcödé ✓', 'x'.repeat(100_000), '日本語'.repeat(20_000)]) {
      const box = sealText(KEY, CONTEXT, text);
      expect(openText(KEY, CONTEXT, box, 2)).to.equal(text);
    }
    const longContext = `chat-sealed/v2\nevent-1\n${Array.from({ length: 3_000 }, (_, i) => `message-${i}`).join(',')}\ncontent`;
    expect(openText(KEY, longContext, sealText(KEY, longContext, TEXT), 2)).to.equal(TEXT);
  });
});
