import { expect } from 'chai';
import { changedChunks, CHUNK_BYTES, joinChunks, KeyRing } from '@chat/keystore';

describe('key chunks', () => {
  const ring = (): KeyRing => {
    const keys = new KeyRing();
    keys.addMasters(keys.newEpochs(['message-0', 'user-export']));
    return keys;
  };

  it('writes every chunk of an epoch materialized now, and only the touched chunks after', () => {
    const keys = ring();
    const first = keys.planForget(['message-3', 'user-export']);
    expect(changedChunks(first).map((each) => `${each.epoch}#${each.chunk}`)).to.deep.equal([...Array.from({ length: 32 }, (_, i) => `message/0#${i}`), 'user-export/*#0']);
    keys.apply(first);
    const later = keys.planForget(['message-40', 'message-41', 'message-1000']);
    const chunks = changedChunks(later);
    expect(chunks.map((each) => each.chunk)).to.deep.equal([1, 31]);
    expect(chunks.every((each) => each.keys.length === CHUNK_BYTES)).to.equal(true);
  });

  it('joins chunks back into the tables they came from, in any order', () => {
    const plan = ring().planForget(['message-9', 'user-export']);
    const chunks = changedChunks(plan).reverse();
    expect(new Map(joinChunks(chunks))).to.deep.equal(new Map(plan.epochKeys));
  });
});
