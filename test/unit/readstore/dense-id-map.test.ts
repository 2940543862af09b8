import { expect } from 'chai';
import { DenseIdMap } from '../../../packages/readstore/src/memory/messages/dense-id-map.js';

describe('DenseIdMap (memory message store)', function () {
  it('holds values by id, lists the ids ascending whatever the order they came in, and forgets deleted ones', function () {
    const map = new DenseIdMap<string>();
    map.set(7, 'seven');
    map.set(2, 'two');
    map.set(40, 'forty');
    map.delete(7);
    expect(map.get(2)).to.equal('two');
    expect(map.has(7)).to.equal(false);
    expect(map.get(7)).to.equal(undefined);
    expect([...map.ids()]).to.deep.equal([2, 40]);
  });

  it('answers a negative, fractional or far id as absent, and deleting one changes nothing', function () {
    const map = new DenseIdMap<string>();
    map.set(1, 'one');
    for (const odd of [-1, 1.5, 2 ** 40]) {
      expect(map.has(odd), String(odd)).to.equal(false);
      map.delete(odd);
    }
    expect([...map.ids()]).to.deep.equal([1]);
    map.clear();
    expect([...map.ids()]).to.deep.equal([]);
  });
});
