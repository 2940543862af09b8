import { expect } from 'chai';
import type { CollectionSpec, DocumentCollection, ReadStore } from '@chat/readstore';

interface Member {
  user_id: number;
  email: string;
  team_id: number | null;
  name: string;
}

const SPEC: CollectionSpec = { name: 'contract_members', uniqueFields: ['email'], fields: ['team_id'] };

const member = (user_id: number, email: string, team_id: number | null, name = `User ${user_id}`): Member => ({
  user_id,
  email,
  team_id,
  name,
});

const byId = (docs: Member[]) => [...docs].sort((a, b) => a.user_id - b.user_id);

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to be rejected');
}

/** What every ReadStore adapter promises; `cleanup` runs once after the suite (a persistent store's leftovers). */
export function readStoreContract(name: string, open: () => Promise<ReadStore>, cleanup?: () => Promise<void>): void {
  describe(`ReadStore contract: ${name}`, function () {
    let store: ReadStore;
    let members: DocumentCollection<Member>;

    beforeEach(async function () {
      store = await open();
      await store.clear();
      members = store.collection<Member>(SPEC);
    });

    afterEach(async function () {
      await store.clear();
      await store.close();
    });

    after(async function () {
      await cleanup?.();
    });

    it('gets a document by its key, given as a number or a string', async function () {
      await members.put(1, member(1, 'ada@example.com', 7), 10);
      expect(await members.get(1)).to.deep.equal(member(1, 'ada@example.com', 7));
      expect(await members.get('1')).to.deep.equal(member(1, 'ada@example.com', 7));
      expect(await members.get(2)).to.equal(undefined);
    });

    it('finds one document by a unique field, and refuses a field without a unique index', async function () {
      await members.put(1, member(1, 'ada@example.com', 7), 10);
      await members.put(2, member(2, 'bob@example.com', 7), 11);
      expect(await members.findOne('email', 'bob@example.com')).to.deep.equal(member(2, 'bob@example.com', 7));
      expect(await members.findOne('email', 'eve@example.com')).to.equal(undefined);
      expect(await rejection(members.findOne('name', 'User 1'))).to.be.instanceOf(Error);
    });

    it('finds every document with a value of an indexed field, compared as strings', async function () {
      await members.put(1, member(1, 'ada@example.com', 7), 10);
      await members.put(2, member(2, 'bob@example.com', 8), 11);
      await members.put(3, member(3, 'cy@example.com', 7), 12);
      await members.put(4, member(4, 'di@example.com', null), 13);
      expect(byId(await members.findMany('team_id', 7)).map((m) => m.user_id)).to.deep.equal([1, 3]);
      expect(byId(await members.findMany('team_id', '7')).map((m) => m.user_id)).to.deep.equal([1, 3]);
      expect(await members.findMany('team_id', 9)).to.deep.equal([]);
      expect(await rejection(members.findMany('name', 'User 1'))).to.be.instanceOf(Error);
    });

    it('moves index entries when a document is put again', async function () {
      await members.put(1, member(1, 'ada@example.com', 7), 10);
      await members.put(1, member(1, 'ada@new.example.com', 8), 11);
      expect(await members.findOne('email', 'ada@example.com')).to.equal(undefined);
      expect(await members.findOne('email', 'ada@new.example.com')).to.deep.equal(member(1, 'ada@new.example.com', 8));
      expect(await members.findMany('team_id', 7)).to.deep.equal([]);
      expect(await members.findMany('team_id', 8)).to.have.length(1);
      await members.put(2, member(2, 'ada@example.com', 7), 12);
      expect((await members.findOne('email', 'ada@example.com'))?.user_id).to.equal(2);
    });

    it('deletes a document with its index entries', async function () {
      await members.put(1, member(1, 'ada@example.com', 7), 10);
      await members.delete(1, 11);
      expect(await members.get(1)).to.equal(undefined);
      expect(await members.findOne('email', 'ada@example.com')).to.equal(undefined);
      expect(await members.findMany('team_id', 7)).to.deep.equal([]);
      expect(await members.count()).to.equal(0);
      await members.put(2, member(2, 'ada@example.com', 7), 12);
      expect((await members.findOne('email', 'ada@example.com'))?.user_id).to.equal(2);
    });

    it('lists and counts every document', async function () {
      await members.put(1, member(1, 'ada@example.com', 7), 10);
      await members.put(2, member(2, 'bob@example.com', null), 11);
      await members.put(3, member(3, 'cy@example.com', 8), 12);
      await members.delete(2, 13);
      expect(await members.count()).to.equal(2);
      expect(byId(await members.all())).to.deep.equal([member(1, 'ada@example.com', 7), member(3, 'cy@example.com', 8)]);
    });

    it('lists every live document with its key as a string', async function () {
      await members.put(1, member(1, 'ada@example.com', 7), 10);
      await members.put('b', member(2, 'bob@example.com', null), 11);
      await members.put(3, member(3, 'cy@example.com', 8), 12);
      await members.delete(3, 13);
      const listed = (await members.entries()).sort(([a], [b]) => (a < b ? -1 : 1));
      expect(listed).to.deep.equal([
        ['1', member(1, 'ada@example.com', 7)],
        ['b', member(2, 'bob@example.com', null)],
      ]);
    });

    it('keeps a checkpoint per projection, 0 until one is set', async function () {
      expect(await store.checkpoints.get('members')).to.equal(0);
      await store.checkpoints.set('members', 42);
      await store.checkpoints.set('members', 43);
      expect(await store.checkpoints.get('members')).to.equal(43);
      // A writer behind (an older process still stopping) never moves it back.
      await store.checkpoints.set('members', 40);
      expect(await store.checkpoints.get('members')).to.equal(43);
      expect(await store.checkpoints.get('teams')).to.equal(0);
    });

    it('drops every document and checkpoint on clear, and stays usable', async function () {
      await members.put(1, member(1, 'ada@example.com', 7), 10);
      await store.checkpoints.set('members', 10);
      await store.clear();
      expect(await members.count()).to.equal(0);
      expect(await members.get(1)).to.equal(undefined);
      expect(await store.checkpoints.get('members')).to.equal(0);
      await members.put(1, member(1, 'ada@example.com', 7), 1);
      expect(await members.findOne('email', 'ada@example.com')).to.deep.equal(member(1, 'ada@example.com', 7));
    });

    it('ignores a write with an older or equal position (persistent stores)', async function () {
      if (!store.persistent) this.skip();
      await members.put(1, member(1, 'ada@example.com', 7, 'Current'), 20);
      await members.put(1, member(1, 'old@example.com', 6, 'Older'), 15);
      await members.put(1, member(1, 'old@example.com', 6, 'Same'), 20);
      await members.delete(1, 19);
      expect(await members.get(1)).to.deep.equal(member(1, 'ada@example.com', 7, 'Current'));
      expect(await members.findOne('email', 'old@example.com')).to.equal(undefined);
      await members.delete(1, 21);
      await members.put(1, member(1, 'ada@example.com', 7, 'Replayed'), 20);
      expect(await members.get(1)).to.equal(undefined);
      await members.put(1, member(1, 'ada@example.com', 7, 'Recreated'), 22);
      expect((await members.get(1))?.name).to.equal('Recreated');
    });
  });
}
