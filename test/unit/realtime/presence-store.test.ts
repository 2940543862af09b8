import { expect } from 'chai';
import { PresenceStore } from '@chat/realtime';

const JOINED = 1_000;
const NOW = 50_000;

describe('PresenceStore', function () {
  it('gives each change the next update id, across users', function () {
    const store = new PresenceStore();
    expect(store.lastUpdateId).to.equal(0);
    expect(store.ping(1, 'active', NOW, JOINED).entry).to.deep.equal({ userId: 1, activeAt: NOW, idleAt: NOW, updateId: 1 });
    expect(store.ping(2, 'idle', NOW, JOINED).entry).to.deep.equal({ userId: 2, activeAt: JOINED, idleAt: NOW, updateId: 2 });
    expect(store.ping(1, 'idle', NOW + 30, JOINED).entry.updateId).to.equal(3);
    expect(store.lastUpdateId).to.equal(3);
  });

  it('a ping that moves no time keeps the entry and its update id', function () {
    const store = new PresenceStore();
    store.ping(1, 'active', NOW, JOINED);
    const again = store.ping(1, 'active', NOW, JOINED);
    expect(again.entry.updateId).to.equal(1);
    expect(store.ping(1, 'idle', NOW, JOINED).entry.updateId).to.equal(1);
    expect(store.lastUpdateId).to.equal(1);
  });

  it('reports the status others saw before the ping and see after it', function () {
    const store = new PresenceStore();
    expect(store.ping(1, 'idle', NOW, JOINED)).to.include({ before: 'offline', after: 'idle' });
    expect(store.ping(1, 'active', NOW + 10, JOINED)).to.include({ before: 'idle', after: 'active' });
    expect(store.ping(1, 'idle', NOW + 60, JOINED)).to.include({ before: 'active', after: 'active' });
    expect(store.ping(1, 'idle', NOW + 300, JOINED)).to.include({ before: 'offline', after: 'idle' });
  });

  it('lists the entries changed after an update id, oldest change first', function () {
    const store = new PresenceStore();
    store.ping(1, 'active', NOW, JOINED);
    store.ping(2, 'active', NOW, JOINED);
    store.ping(1, 'active', NOW + 5, JOINED);
    expect(store.changedAfter(-1).map((entry) => [entry.userId, entry.updateId])).to.deep.equal([
      [2, 2],
      [1, 3],
    ]);
    expect(store.changedAfter(2).map((entry) => entry.userId)).to.deep.equal([1]);
    expect(store.changedAfter(3)).to.deep.equal([]);
  });

  it('a restored snapshot has the same entries and continues the update ids', function () {
    const store = new PresenceStore();
    store.ping(1, 'active', NOW, JOINED);
    store.ping(2, 'idle', NOW, JOINED);
    const copy = new PresenceStore();
    copy.restore(JSON.parse(JSON.stringify(store.snapshot())));
    expect(copy.changedAfter(-1)).to.deep.equal(store.changedAfter(-1));
    expect(copy.ping(3, 'active', NOW, JOINED).entry.updateId).to.equal(3);
  });
});
