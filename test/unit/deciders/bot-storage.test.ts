import { expect } from 'chai';
import { applyBotStorageChange, BOT_STORAGE_SIZE_LIMIT, characterCount, decidePutBotStorage, decideRemoveBotStorage, readBotStorage } from '@chat/core';
import { expectApiError, refused } from '../../support/api-error-assertions.js';

const BOT = 9;
const held = [
  { key: 'count', value: '2' },
  { key: 'name', value: 'ann' },
];

describe('bot storage decisions', function () {
  it('records only the keys whose value changes, and nothing when none does', function () {
    expect(decidePutBotStorage(BOT, held, [{ key: 'count', value: '2' }, { key: 'new', value: 'x' }])).to.deep.equal([
      { type: 'BotStorageChanged', data: { user_id: BOT, set: [{ key: 'new', value: 'x' }], removed: [] } },
    ]);
    expect(decidePutBotStorage(BOT, held, [{ key: 'count', value: '2' }])).to.deep.equal([]);
  });

  it('counts keys and values in code points against the limit, replacing a value by its difference', function () {
    const full = [{ key: 'k', value: 'x'.repeat(BOT_STORAGE_SIZE_LIMIT - 1) }];
    expect(decidePutBotStorage(BOT, full, [{ key: 'k', value: 'y'.repeat(BOT_STORAGE_SIZE_LIMIT - 1) }])).to.have.length(1);
    expectApiError(() => decidePutBotStorage(BOT, full, [{ key: 'j', value: '' }]), refused('Request exceeds storage limit by 1 characters. The limit is 10000000 characters.'));
    expect(characterCount('a\u{1F600}b')).to.equal(3);
    expect(characterCount('\ud800x')).to.equal(2);
  });

  it('reads the keys named, or all; a key not set is refused', function () {
    expect(readBotStorage(held, null)).to.deep.equal(held);
    expect(readBotStorage(held, [])).to.deep.equal(held);
    expect(readBotStorage(held, ['name'])).to.deep.equal([{ key: 'name', value: 'ann' }]);
    expectApiError(() => readBotStorage(held, ['name', 'gone']), refused('Key does not exist.'));
  });

  it('removes the keys named, or all; one not set (or named twice) refuses the whole request', function () {
    expect(decideRemoveBotStorage(BOT, held, ['name'])).to.deep.equal([{ type: 'BotStorageChanged', data: { user_id: BOT, set: [], removed: ['name'] } }]);
    expect(decideRemoveBotStorage(BOT, held, null)[0]?.data.removed).to.deep.equal(['count', 'name']);
    expect(decideRemoveBotStorage(BOT, [], [])).to.deep.equal([]);
    expectApiError(() => decideRemoveBotStorage(BOT, held, ['name', 'gone']), refused('Key does not exist.'));
    expectApiError(() => decideRemoveBotStorage(BOT, held, ['name', 'name']), refused('Key does not exist.'));
  });

  it('applies a change: set keys keep their place, new ones go last, removed ones go', function () {
    expect(applyBotStorageChange(held, { user_id: BOT, set: [{ key: 'z', value: '1' }, { key: 'count', value: '3' }], removed: ['name'] })).to.deep.equal([
      { key: 'count', value: '3' },
      { key: 'z', value: '1' },
    ]);
  });
});
