import { expect } from 'chai';
import { DEFAULT_USER_SETTINGS, erasedUser, type UserState } from '@chat/core';
import { MemoryReadStore } from '@chat/readstore';
import { openReadModels } from '../../../projections/src/read-models.js';
import { userSnapshotCodec } from '../../../projections/src/users/user-snapshot-codec.js';
import { aUser } from '../../support/user-state-factory.js';

/** A user as a snapshot gives it back: written, turned into JSON text, parsed and read. */
const throughSnapshot = (user: UserState): unknown => userSnapshotCodec.read(JSON.parse(JSON.stringify(userSnapshotCodec.write(user))) as object);

describe('users in a read-models snapshot: settings written as their differences from the defaults', () => {
  const withDefaults = aUser({ user_id: 7, settings: { ...DEFAULT_USER_SETTINGS } });
  const changed = aUser({ user_id: 8, settings: { ...DEFAULT_USER_SETTINGS, emojiset: 'text', web_font_size_px: 20, timezone: 'Europe/Paris' } });

  it('gives back the same user, every key in the same order', () => {
    for (const user of [withDefaults, changed]) expect(JSON.stringify(throughSnapshot(user))).to.equal(JSON.stringify(user));
  });

  it('writes only the values that differ', () => {
    expect((userSnapshotCodec.write(withDefaults) as UserState).settings).to.deep.equal({ $defaultsExcept: {} });
    expect((userSnapshotCodec.write(changed) as UserState).settings).to.deep.equal({ $defaultsExcept: { emojiset: 'text', web_font_size_px: 20, timezone: 'Europe/Paris' } });
    expect(JSON.stringify(userSnapshotCodec.write(withDefaults)).length).to.be.below(JSON.stringify(withDefaults).length / 4);
  });

  it('writes settings of another shape as they are: keys in another order, one more, one missing, one undefined', () => {
    const [first, ...rest] = Object.entries(DEFAULT_USER_SETTINGS);
    const shapes = [
      Object.fromEntries([...rest, first]),
      { ...DEFAULT_USER_SETTINGS, an_extra_setting: true },
      Object.fromEntries(rest),
      { ...DEFAULT_USER_SETTINGS, emojiset: undefined },
    ];
    for (const settings of shapes) {
      const user = aUser({ settings: settings as unknown as UserState['settings'] });
      expect(userSnapshotCodec.write(user)).to.equal(user);
      expect(JSON.stringify(throughSnapshot(user))).to.equal(JSON.stringify(user));
    }
  });

  it('is what the memory store writes for users, and an erased user comes back the same', async () => {
    const store = new MemoryReadStore();
    const models = openReadModels(store);
    const erased = erasedUser(aUser({ user_id: 9 }));
    for (const user of [withDefaults, changed, erased]) await models.users.put(user.user_id, user, 1);
    const { json, texts, arrays } = store.image();
    expect(texts['collection.users'].toString()).to.include('$defaultsExcept');
    const restored = new MemoryReadStore();
    const restoredModels = openReadModels(restored);
    restored.restore(json, { texts: new Map(Object.entries(texts).map(([name, bytes]) => [name, Buffer.from(bytes).toString()])), arrays: new Map(Object.entries(arrays).map(([name, array]) => [name, { array, length: array.length }])) }, { name: 'read-models', position: 1 });
    for (const user of [withDefaults, changed, erased]) expect(JSON.stringify(await restoredModels.users.get(user.user_id))).to.equal(JSON.stringify(user));
    expect((await restoredModels.users.findOne('email', changed.email))?.user_id).to.equal(8);
  });
});
