import { expect } from 'chai';
import { MemoryKeyStore, SubjectKeys, subjectOfNextEpoch } from '@chat/keystore';

/** A memory store that records each write of new epochs and can be told to refuse the next ones. */
class CountingKeyStore extends MemoryKeyStore {
  writes: string[][] = [];
  refusals = 0;
  override async addEpochs(...args: Parameters<MemoryKeyStore['addEpochs']>): ReturnType<MemoryKeyStore['addEpochs']> {
    this.writes.push(args[0].map(([epoch]) => epoch));
    await new Promise((resolve) => setTimeout(resolve, 5)); // a commit takes time: callers meet it in flight
    if (this.refusals > 0) {
      this.refusals -= 1;
      throw Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
    }
    return super.addEpochs(...args);
  }
}

describe('SubjectKeys: making epochs', function () {
  it('names the same kind one epoch further, and nothing for a subject that is its own epoch', function () {
    expect(subjectOfNextEpoch('message-5')).to.equal('message-1029');
    expect(subjectOfNextEpoch('user-2047')).to.equal('user-3071');
    expect(subjectOfNextEpoch('token-abc')).to.equal(null);
  });

  it('stores an epoch once when many sends need it at the same time, and every one of them gets its key', async function () {
    const store = new CountingKeyStore();
    const keys = await SubjectKeys.open(store);
    await Promise.all(Array.from({ length: 50 }, (_, i) => keys.ensure([`message-${2048 + i}`])));
    expect(store.writes).to.deep.equal([['message/2']]);
    for (let i = 0; i < 50; i++) expect(keys.ring.keyOf(`message-${2048 + i}`)).to.have.length(32);
    const reopened = await SubjectKeys.open(store);
    expect(reopened.ring.keyOf('message-2048')).to.deep.equal(keys.ring.keyOf('message-2048'));
  });

  it('fails every caller waiting on a refused write, and the next caller writes again', async function () {
    const store = new CountingKeyStore();
    const keys = await SubjectKeys.open(store);
    store.refusals = 1;
    const results = await Promise.all([keys.ensure(['message-1']), keys.ensure(['message-2'])].map((each) => each.then(() => 'ok', (error: { code?: string }) => error.code)));
    expect(results).to.deep.equal(['SQLITE_FULL', 'SQLITE_FULL']);
    expect(keys.ring.knows('message-1')).to.equal(false);
    await keys.ensure(['message-3']);
    expect(store.writes).to.deep.equal([['message/0'], ['message/0']]);
    expect(keys.ring.keyOf('message-1')).to.have.length(32);
  });

  it('prepares the next epoch in the background, once, so the sends that reach it wait for no write', async function () {
    const store = new CountingKeyStore();
    const keys = await SubjectKeys.open(store);
    await keys.ensure(['message-1000']);
    keys.prepareNext(['message-1000', 'token-abc']);
    keys.prepareNext(['message-1001']);
    expect(store.writes).to.deep.equal([['message/0'], ['message/1']]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(keys.ring.knows('message-1024')).to.equal(true);
    await keys.ensure(['message-1024']);
    keys.prepareNext(['message-1000']);
    expect(store.writes).to.deep.equal([['message/0'], ['message/1']]);
  });

  it('leaves a refused preparation to the send that needs the epoch, which writes it again', async function () {
    const store = new CountingKeyStore();
    const keys = await SubjectKeys.open(store);
    await keys.ensure(['message-1']);
    store.refusals = 1;
    keys.prepareNext(['message-1']);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(keys.ring.knows('message-1024')).to.equal(false);
    await keys.ensure(['message-1024']);
    expect(store.writes).to.deep.equal([['message/0'], ['message/1'], ['message/1']]);
    expect(keys.ring.keyOf('message-1024')).to.have.length(32);
  });
});
