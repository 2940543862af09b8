import { expect } from 'chai';
import { HolderLists } from '../../../packages/readstore/src/memory/messages/holder-lists.js';

describe('HolderLists.flagsOfEach: one user\'s flags on many messages', () => {
  it('answers as flagsOf does for each message, in the order given, whatever the holders of each', () => {
    const lists = new HolderLists();
    const everyone = Array.from({ length: 300 }, (_, at) => at + 1);
    for (let id = 1; id <= 50; id++) lists.set(id, everyone, everyone.map((user) => (user + id) % 7));
    // Other holders: the user at another place, or not a holder at all.
    lists.set(51, [5, 9, 40], [1, 2, 3]);
    lists.set(52, [1, 2, 3], [0, 0, 0]);
    lists.set(53, [40, 41], [6, 4]);
    const ids = [3, 51, 1, 52, 53, 50, 999, 2, 2, 53, -1];
    const expected = ids.map((id) => lists.flagsOf(id, 40));
    expect(lists.flagsOfEach(ids, 40)).to.deep.equal(expected);
    expect(expected).to.deep.equal([(40 + 3) % 7, 3, (40 + 1) % 7, undefined, 6, (40 + 50) % 7, undefined, (40 + 2) % 7, (40 + 2) % 7, 6, undefined]);
    expect(lists.flagsOfEach([], 40)).to.deep.equal([]);
    expect(lists.flagsOfEach([1, 51], 301)).to.deep.equal([undefined, undefined]);
  });
});
