import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { KeyRing, type KeyStore } from '@chat/keystore';

/** What every key store promises (docs/topics/forgetting.md), run against each adapter that can run here. */
export function keyStoreContract(name: string, open: () => Promise<KeyStore>, cleanup: () => Promise<void> = async () => {}): void {
  describe(`KeyStore contract: ${name}`, function () {
    let store: KeyStore;
    beforeEach(async () => {
      store = await open();
    });
    afterEach(async () => {
      await store.close();
      await cleanup();
    });

    it('starts empty: no keys, nothing forgotten, bound to no log', async () => {
      const loaded = await store.load();
      expect(loaded.ring.masters).to.deep.equal([]);
      expect(loaded.ring.materialized).to.deep.equal([]);
      expect(loaded.lastForget).to.equal(0);
      expect(loaded.logId).to.equal(null);
    });

    it('keeps the first master stored for an epoch, whoever asks later', async () => {
      const first = randomBytes(32);
      expect(await store.addEpochs([['message/0', first]])).to.deep.equal([['message/0', first]]);
      const second = await store.addEpochs([['message/0', randomBytes(32)], ['user/0', Buffer.alloc(32, 7)]]);
      expect(new Map(second)).to.deep.equal(new Map([['message/0', first], ['user/0', Buffer.alloc(32, 7)]]));
      expect(new Map((await store.load()).ring.masters)).to.deep.equal(new Map([['message/0', first], ['user/0', Buffer.alloc(32, 7)]]));
    });

    it('carries out a forget plan: the master gone, the other subjects keep their keys, the forgotten one has none', async () => {
      const ring = new KeyRing();
      ring.addMasters(await store.addEpochs(ring.newEpochs(['message-5', 'message-6'])));
      const kept = ring.keyOf('message-6');
      const plan = ring.planForget(['message-5']);
      await store.forget(plan, 42);
      await store.forget(plan, 42);
      const loaded = await store.load();
      expect(loaded.ring.masters).to.deep.equal([]);
      expect(loaded.lastForget).to.equal(42);
      const reloaded = new KeyRing(loaded.ring);
      expect(reloaded.keyOf('message-5')).to.equal(null);
      expect(reloaded.keyOf('message-6')).to.deep.equal(kept);
      expect(reloaded.isForgotten('message-5')).to.equal(true);
    });

    it('forgets again in a materialized epoch: every other key of it as it was, in every chunk, subjects of their own too', async () => {
      const ring = new KeyRing();
      ring.addMasters(await store.addEpochs(ring.newEpochs(['message-1024', 'user-export'])));
      const ids = Array.from({ length: 1024 }, (_, i) => 1024 + i);
      const before = new Map(ids.map((id) => [id, ring.keyOf(`message-${id}`)]));
      const first = ring.planForget(['message-1024', 'user-export']);
      await store.forget(first, 10);
      ring.apply(first);
      // Later forgettings in the materialized epoch: one key in a far chunk, two in one chunk.
      for (const [subjects, position] of [[['message-2047'], 11], [['message-1100', 'message-1101'], 12]] as const) {
        const plan = ring.planForget(subjects);
        await store.forget(plan, position);
        ring.apply(plan);
      }
      const reloaded = new KeyRing((await store.load()).ring);
      const gone = new Set([1024, 2047, 1100, 1101]);
      for (const id of ids) expect(reloaded.keyOf(`message-${id}`), `message-${id}`).to.deep.equal(gone.has(id) ? null : before.get(id));
      expect(reloaded.keyOf('user-export')).to.equal(null);
      expect((await store.load()).lastForget).to.equal(12);
    });

    it('never moves the last forgetting back, and changes its mark with every write', async () => {
      const before = await store.changeMark();
      await store.forget({ subjects: [], dropMasters: [], epochKeys: [] }, 9);
      const after = await store.changeMark();
      expect(after).not.to.equal(before);
      await store.forget({ subjects: [], dropMasters: [], epochKeys: [] }, 3);
      expect((await store.load()).lastForget).to.equal(9);
    });

    it('stays bound to the first log it was bound to', async () => {
      await store.bindLog('first-event');
      await store.bindLog('first-event');
      expect((await store.load()).logId).to.equal('first-event');
    });
  });
}
