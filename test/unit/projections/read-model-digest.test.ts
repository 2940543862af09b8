import { expect } from 'chai';
import { FlagBit } from '@chat/core';
import { canonicalJson, compareKeys, firstDifferingKey, modelDigest, openReadModels, readModelsDigest, snapshotDigest, snapshotReadModels } from '@chat/projections';
import { MemoryReadStore } from '@chat/readstore';
import { ADA, BOB, channelMessage, GENERAL, receivers } from '../../contract/message-store-fixtures.js';

describe('read-model digest', function () {
  it('writes one canonical JSON text whatever the order of object keys, as JSON.stringify would otherwise', function () {
    const a = { b: 1, a: { d: [1, { y: 2, x: undefined, w: null }], c: 'é' }, skip: undefined };
    const b = { a: { c: 'é', d: [1, { w: null, y: 2 }] }, b: 1 };
    expect(canonicalJson(a)).to.equal('{"a":{"c":"é","d":[1,{"w":null,"y":2}]},"b":1}');
    expect(canonicalJson(b)).to.equal(canonicalJson(a));
    expect(canonicalJson([undefined, 'x'])).to.equal(JSON.stringify([undefined, 'x']));
  });

  it('orders integer keys numerically and other keys by code unit', function () {
    expect(['10', '9', 'b', '-1', 'a:2', 'a:10'].sort(compareKeys)).to.deep.equal(['-1', '9', '10', 'a:10', 'a:2', 'b']);
  });

  it('digests a model independently of the order its keys were listed in', function () {
    const listed = modelDigest(new Map([['2', 'x'], ['10', 'y']]));
    expect(listed).to.deep.equal(modelDigest(new Map([['10', 'y'], ['2', 'x']])));
    expect(listed.count).to.equal(2);
    expect(listed.digest).to.not.equal(modelDigest(new Map([['2', 'y'], ['10', 'x']])).digest);
  });

  it('finds the first key, in canonical order, that differs or is missing on one side', function () {
    const live = new Map([['1', 'a'], ['2', 'b'], ['10', 'c']]);
    expect(firstDifferingKey('users', live, new Map(live))).to.equal(undefined);
    expect(firstDifferingKey('users', live, new Map([['1', 'a'], ['10', 'z']]))).to.deep.equal({ model: 'users', key: '2', expected: 'b', actual: null });
    expect(firstDifferingKey('users', live, new Map([...live, ['3', 'd']]))).to.deep.equal({ model: 'users', key: '3', expected: null, actual: 'd' });
  });

  it('gives equal digests for models written in different orders, and tells them apart once a document differs', async function () {
    const [one, two] = [openReadModels(new MemoryReadStore()), openReadModels(new MemoryReadStore())];
    await one.alertWords.put(1, { user_id: 1, alert_words: ['a'] }, 1);
    await one.alertWords.put(2, { user_id: 2, alert_words: ['b'] }, 2);
    await two.alertWords.put(2, { alert_words: ['b'], user_id: 2 }, 1);
    await two.alertWords.put(1, { alert_words: ['a'], user_id: 1 }, 2);
    const [first, second] = [await readModelsDigest(one), await readModelsDigest(two)];
    expect(first).to.deep.equal(second);
    expect(first.models.alertWords.count).to.equal(2);
    await two.alertWords.put(2, { user_id: 2, alert_words: ['c'] }, 3);
    const third = await readModelsDigest(two);
    expect(third.digest).to.not.equal(first.digest);
    expect(third.models.users).to.deep.equal(first.models.users);
  });

  it('hashes a snapshot as the models stood when it was taken, whatever is written while it is hashed', async function () {
    const models = openReadModels(new MemoryReadStore());
    const words = { user_id: 1, alert_words: ['a'] };
    await models.alertWords.put(1, words, 1);
    await models.messages.insert(channelMessage(10, GENERAL, 'Alpha'), receivers([ADA, FlagBit.read], [BOB, 0]), 2);
    const before = await readModelsDigest(models);
    const snapshot = await snapshotReadModels(models);
    // Later events: a document changed in place, flags, an edit, a new message and a new document.
    words.alert_words.push('b');
    await models.messages.setFlags(BOB, [10], FlagBit.starred, true, 3);
    await models.messages.replace(channelMessage(10, GENERAL, 'Alpha', { content: 'edited' }), 4);
    await models.messages.insert(channelMessage(11, GENERAL, 'Alpha'), receivers([ADA, 0]), 5);
    await models.alertWords.put(2, { user_id: 2, alert_words: ['c'] }, 6);
    expect(await snapshotDigest(snapshot)).to.deep.equal(before);
    expect((await readModelsDigest(models)).models.messages.count).to.equal(2);
  });
});
