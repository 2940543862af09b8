import { expect } from 'chai';
import { HolderLists } from '../../../packages/readstore/src/memory/messages/holder-lists.js';

describe('HolderLists (memory message store)', function () {
  it('keeps each message’s holders ascending, whatever order they came in', function () {
    const lists = new HolderLists();
    lists.set(1, [30, 10, 20]);
    lists.set(2, []);
    expect(lists.get(1)).to.deep.equal([10, 20, 30]);
    expect(lists.get(2)).to.deep.equal([]);
    expect(lists.has(2)).to.equal(true);
    expect(lists.get(3)).to.deep.equal([]);
    expect(lists.has(3)).to.equal(false);
    lists.set(200_000, [2, 1]);
    expect(lists.get(200_000)).to.deep.equal([1, 2]);
    expect(lists.get(1)).to.deep.equal([10, 20, 30]);
    expect(lists.has(199_999)).to.equal(false);
    for (const odd of [-1, 1.5, 2 ** 40]) {
      expect(lists.has(odd), String(odd)).to.equal(false);
      expect(lists.get(odd), String(odd)).to.deep.equal([]);
    }
  });

  it('adds a holder once, removes holders, and ignores unknown messages', function () {
    const lists = new HolderLists();
    lists.set(7, [5, 1]);
    lists.add(7, 3);
    lists.add(7, 3);
    lists.add(8, 4);
    expect(lists.get(7)).to.deep.equal([1, 3, 5]);
    expect(lists.has(8)).to.equal(false);
    lists.remove(7, [1, 5, 9]);
    expect(lists.get(7)).to.deep.equal([3]);
    lists.delete(7);
    expect(lists.has(7)).to.equal(false);
  });

  it('keeps every list intact through growth and the compaction of replaced lists', function () {
    const lists = new HolderLists();
    const expected = new Map<number, number[]>();
    for (let id = 1; id <= 5000; id++) {
      const holders = Array.from({ length: 1 + (id % 40) }, (_, i) => id + i * 7);
      lists.set(id, holders);
      expected.set(id, holders);
    }
    // Rewrite most lists several times, so replaced spans outweigh live ones and get compacted.
    for (let round = 0; round < 3; round++) {
      for (let id = 1; id <= 5000; id += 2) {
        lists.add(id, 1_000_000 + round);
        expected.get(id)?.push(1_000_000 + round);
      }
    }
    for (let id = 3; id <= 5000; id += 3) {
      lists.delete(id);
      expected.delete(id);
    }
    for (const [id, holders] of expected) expect(lists.get(id), `message ${id}`).to.deep.equal([...holders].sort((a, b) => a - b));
    for (let id = 3; id <= 5000; id += 3) expect(lists.has(id)).to.equal(false);
  });
});
