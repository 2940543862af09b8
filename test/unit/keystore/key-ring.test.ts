import { expect } from 'chai';
import { EPOCH_SIZE, epochOf, KeyRing, subjectsOfEpoch, UnknownKeyError } from '@chat/keystore';

const ringWith = (...subjects: string[]): KeyRing => {
  const ring = new KeyRing();
  ring.addMasters(ring.newEpochs(subjects));
  return ring;
};

describe('KeyRing', () => {
  it('puts numbered subjects in epochs of 1,024 ids and any other subject in its own', () => {
    expect(epochOf('message-0')).to.equal('message/0');
    expect(epochOf(`message-${EPOCH_SIZE}`)).to.equal('message/1');
    expect(epochOf('token-abc')).to.equal('token-abc/*');
    expect(subjectsOfEpoch('user/2')).to.have.length(EPOCH_SIZE).and.include('user-2048').and.include('user-3071');
    expect(subjectsOfEpoch('token-abc/*')).to.deep.equal(['token-abc']);
  });

  it('derives a distinct, stable key per subject, and one key for several subjects that needs each', () => {
    const ring = ringWith('message-1', 'reminder-1');
    const a = ring.keyOf('message-1');
    expect(a).to.have.length(32);
    expect(ring.keyOf('message-1')).to.deep.equal(a);
    expect(ring.keyOf('message-2')).not.to.deep.equal(a);
    const both = ring.keyFor(['message-1', 'reminder-1']);
    expect(both).not.to.deep.equal(a);
    ring.apply(ring.planForget(['reminder-1']));
    expect(ring.keyFor(['message-1', 'reminder-1'])).to.equal(null);
    expect(ring.keyFor(['message-1'])).to.deep.equal(a);
  });

  it('materializes an epoch when one of its subjects is forgotten: the master goes, the others keep their keys', () => {
    const ring = ringWith('message-1');
    const kept = ring.keyOf('message-1023');
    const plan = ring.planForget(['message-7', 'message-9']);
    expect(plan.dropMasters).to.deep.equal(['message/0']);
    ring.apply(plan);
    expect(ring.keyOf('message-7')).to.equal(null);
    expect(ring.keyOf('message-9')).to.equal(null);
    expect(ring.keyOf('message-1023')).to.deep.equal(kept);
    expect(ring.counts()).to.deep.equal({ masters: 0, materialized: 1 });
    ring.apply(ring.planForget(['message-1023']));
    expect(ring.keyOf('message-1023')).to.equal(null);
    expect(ring.keyOf('message-8')).not.to.equal(null);
  });

  it('keeps the keys derived for other epochs when one epoch is materialized, and derives nothing again for them', () => {
    const ring = ringWith('message-1', `message-${EPOCH_SIZE}`);
    const live = ring.keyOf(`message-${EPOCH_SIZE + 5}`);
    ring.apply(ring.planForget(['message-3']));
    // The same view of the same derived table: nothing was derived again.
    expect(ring.keyOf(`message-${EPOCH_SIZE + 5}`)?.buffer).to.equal(live?.buffer);
    expect(ring.keyOf('message-3')).to.equal(null);
    expect(ring.counts()).to.deep.equal({ masters: 1, materialized: 1 });
  });

  it('refuses a subject whose epoch it never saw, and plans nothing for one', () => {
    const ring = ringWith('message-1');
    expect(() => ring.keyOf('user-1')).to.throw(UnknownKeyError);
    expect(ring.planForget(['user-1']).epochKeys).to.deep.equal([]);
  });

  it('rebuilds from its image to the same keys', () => {
    const ring = ringWith('message-1');
    ring.apply(ring.planForget(['message-2']));
    const masters = ring.newEpochs(['user-3']);
    ring.addMasters(masters);
    const image = { masters, materialized: ring.planForget([]).epochKeys };
    expect(image.materialized).to.deep.equal([]);
    const copy = new KeyRing({ masters, materialized: [['message/0', Buffer.concat(subjectsOfEpoch('message/0').map((s) => ring.keyOf(s) ?? Buffer.alloc(32)))]] });
    expect(copy.keyOf('message-1')).to.deep.equal(ring.keyOf('message-1'));
    expect(copy.keyOf('message-2')).to.equal(null);
    expect(copy.keyOf('user-3')).to.deep.equal(ring.keyOf('user-3'));
  });
});
