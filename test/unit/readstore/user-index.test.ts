import { expect } from 'chai';
import { HolderLists } from '../../../packages/readstore/src/memory/messages/holder-lists.js';
import { UserIndex } from '../../../packages/readstore/src/memory/messages/user-index.js';

const holding = (lists: HolderLists, messageId: number, userIds: number[]): void => lists.set(messageId, userIds, userIds.map(() => 0));

describe('UserIndex (memory message store)', function () {
  it('is built from the holder lists when first read, whatever was written before', function () {
    const lists = new HolderLists();
    const index = new UserIndex(lists);
    holding(lists, 2, [7, 8]);
    index.added(2, [7]);
    holding(lists, 1, [8]);
    expect(index.of(8).toArray()).to.deep.equal([1, 2]);
    expect(index.of(7).toArray()).to.deep.equal([2]);
    expect(index.of(9).toArray()).to.deep.equal([]);
  });

  it('follows additions and removals once built, in order and past the room it was built with', function () {
    const lists = new HolderLists();
    const index = new UserIndex(lists);
    holding(lists, 10, [1]);
    index.build();
    for (let id = 11; id < 200; id++) {
      holding(lists, id, [1, 2]);
      index.added(id, [1, 2]);
    }
    index.added(5, [1]);
    index.removed(11, [1, 2]);
    expect(index.of(1).toArray()).to.deep.equal([5, 10, ...Array.from({ length: 188 }, (_, i) => 12 + i)]);
    expect(index.of(2).length).to.equal(188);
    expect(index.of(2).last()).to.equal(199);
  });

  it('forgets what it held when cleared, and is built again from the lists', function () {
    const lists = new HolderLists();
    const index = new UserIndex(lists);
    holding(lists, 1, [4]);
    index.build();
    lists.clear();
    index.clear();
    holding(lists, 2, [4]);
    expect(index.of(4).toArray()).to.deep.equal([2]);
  });
});
