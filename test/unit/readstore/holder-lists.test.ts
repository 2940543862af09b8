import { expect } from 'chai';
import { HolderLists } from '../../../packages/readstore/src/memory/messages/holder-lists.js';

/** Sets holders with flags from `[user, flags]` pairs. */
const setPairs = (lists: HolderLists, messageId: number, ...pairs: [number, number][]): void =>
  lists.set(
    messageId,
    pairs.map(([userId]) => userId),
    pairs.map(([, flags]) => flags),
  );

describe('HolderLists (memory message store)', function () {
  it('keeps each message’s holders ascending with their flags, whatever order they came in', function () {
    const lists = new HolderLists();
    setPairs(lists, 1, [30, 3], [10, 1], [20, 2]);
    setPairs(lists, 2);
    expect(lists.get(1)).to.deep.equal([10, 20, 30]);
    expect(lists.rows(1)).to.deep.equal([
      { user_id: 10, flags: 1 },
      { user_id: 20, flags: 2 },
      { user_id: 30, flags: 3 },
    ]);
    expect(lists.get(2)).to.deep.equal([]);
    expect(lists.has(2)).to.equal(true);
    expect(lists.get(3)).to.deep.equal([]);
    expect(lists.has(3)).to.equal(false);
    setPairs(lists, 200_000, [2, 0], [1, 0]);
    expect(lists.get(200_000)).to.deep.equal([1, 2]);
    expect(lists.get(1)).to.deep.equal([10, 20, 30]);
    expect(lists.has(199_999)).to.equal(false);
    for (const odd of [-1, 1.5, 2 ** 40]) {
      expect(lists.has(odd), String(odd)).to.equal(false);
      expect(lists.get(odd), String(odd)).to.deep.equal([]);
      expect(lists.flagsOf(odd, 10), String(odd)).to.equal(undefined);
    }
  });

  it('reads and changes one holder’s flags, and nobody else’s', function () {
    const lists = new HolderLists();
    setPairs(lists, 4, [1, 0], [5, 0b10], [9, 0]);
    expect(lists.flagsOf(4, 5)).to.equal(0b10);
    expect(lists.flagsOf(4, 6)).to.equal(undefined);
    expect(lists.changeFlags(4, 5, 0b10, 0b101)).to.equal(true);
    expect(lists.changeFlags(4, 6, 0, 1)).to.equal(false);
    expect(lists.changeFlags(7, 5, 0, 1)).to.equal(false);
    expect(lists.rows(4).map((row) => row.flags)).to.deep.equal([0, 0b101, 0]);
  });

  it('adds a holder once (a second add replaces its flags), removes holders, and ignores unknown messages', function () {
    const lists = new HolderLists();
    setPairs(lists, 7, [5, 1], [1, 0]);
    lists.add(7, 3, 4);
    lists.add(7, 3, 8);
    lists.add(8, 4, 0);
    expect(lists.rows(7)).to.deep.equal([
      { user_id: 1, flags: 0 },
      { user_id: 3, flags: 8 },
      { user_id: 5, flags: 1 },
    ]);
    expect(lists.has(8)).to.equal(false);
    lists.remove(7, [1, 5, 9]);
    expect(lists.rows(7)).to.deep.equal([{ user_id: 3, flags: 8 }]);
    lists.delete(7);
    expect(lists.has(7)).to.equal(false);
  });

  it('keeps every list and its flags intact through growth and the compaction of replaced lists', function () {
    const lists = new HolderLists();
    const expected = new Map<number, number[]>();
    for (let id = 1; id <= 5000; id++) {
      const holders = Array.from({ length: 1 + (id % 40) }, (_, i) => id + i * 7);
      lists.set(id, holders, holders.map((userId) => userId % 256));
      expected.set(id, holders);
    }
    // Rewrite most lists several times, so replaced spans outweigh live ones and get compacted.
    for (let round = 0; round < 3; round++) {
      for (let id = 1; id <= 5000; id += 2) {
        lists.add(id, 1_000_000 + round, (1_000_000 + round) % 256);
        expected.get(id)?.push(1_000_000 + round);
      }
    }
    for (let id = 3; id <= 5000; id += 3) {
      lists.delete(id);
      expected.delete(id);
    }
    for (const [id, holders] of expected) {
      const sorted = [...holders].sort((a, b) => a - b);
      expect(lists.rows(id), `message ${id}`).to.deep.equal(sorted.map((user_id) => ({ user_id, flags: user_id % 256 })));
    }
    for (let id = 3; id <= 5000; id += 3) expect(lists.has(id)).to.equal(false);
  });

  it('inverts to every user’s message ids, ascending, with the spare room asked for after each run', function () {
    const lists = new HolderLists();
    setPairs(lists, 3, [2, 0], [0, 0]);
    setPairs(lists, 1, [2, 0]);
    setPairs(lists, 9, [0, 0], [2, 0]);
    setPairs(lists, 5, [0, 0]);
    lists.delete(5);
    const { offsets, lengths, ids } = lists.invert((count) => count);
    expect(Array.from(lengths)).to.deep.equal([2, 0, 3]);
    expect(Array.from(ids.subarray(offsets[0], offsets[0] + lengths[0]))).to.deep.equal([3, 9]);
    expect(Array.from(ids.subarray(offsets[2], offsets[2] + lengths[2]))).to.deep.equal([1, 3, 9]);
    expect(offsets[2] - offsets[0]).to.equal(4);
    expect(ids.length).to.equal(10);
  });

  it('keeps user ids in 16 bits until one reaches 65,535, then widens, every list and flag intact', function () {
    const lists = new HolderLists();
    setPairs(lists, 1, [65_534, 1], [3, 2]);
    expect(lists.image().pool).to.be.instanceOf(Uint16Array);
    setPairs(lists, 2, [70_000, 4], [65_535, 5]);
    expect(lists.image().pool).to.be.instanceOf(Int32Array);
    expect(lists.rows(1)).to.deep.equal([
      { user_id: 3, flags: 2 },
      { user_id: 65_534, flags: 1 },
    ]);
    expect(lists.rows(2)).to.deep.equal([
      { user_id: 65_535, flags: 5 },
      { user_id: 70_000, flags: 4 },
    ]);
    expect(lists.invert(() => 0).lengths[70_000]).to.equal(1);
  });
});
