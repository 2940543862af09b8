import { expect } from 'chai';
import { type ChannelState, decideArchiveChannel, decideDefaultChannel, type UserState } from '@chat/core';
import { expectApiError, refused } from '../../support/api-error-assertions.js';
import { aChannel, channelContext } from '../../support/channel-factory.js';
import { someUsers } from '../../support/user-state-factory.js';

const adminRequired = { code: 'UNAUTHORIZED_PRINCIPAL', status: 400, mentions: 'Must be an organization administrator' };

const { owner, admin, moderator, member, other: keeper } = someUsers();
const USERS: UserState[] = [owner, admin, moderator, member, keeper];

const lobby = aChannel({ channel_id: 7, name: 'lobby', is_default: true });
const general = aChannel({ channel_id: 8, name: 'general', settings: { ...lobby.settings, can_administer_channel_group: { direct_members: [20], direct_subgroups: [] } } });
const secret = aChannel({ channel_id: 9, name: 'secret', invite_only: true });
const attic = aChannel({ channel_id: 10, name: 'attic', is_archived: true });
const CHANNELS: ChannelState[] = [lobby, general, secret, attic];

const ctxOf = (actor: UserState) => channelContext(actor, { users: USERS, channels: CHANNELS });

describe('decideArchiveChannel', function () {
  it('archives a channel for its administrators', function () {
    expect(decideArchiveChannel(ctxOf(keeper), 8)).to.deep.equal([{ type: 'ChannelArchived', data: { channel_id: 8 } }]);
    expect(decideArchiveChannel(ctxOf(admin), 9)).to.deep.equal([{ type: 'ChannelArchived', data: { channel_id: 9 } }]);
  });

  it('stops an archived default channel from being a default channel first', function () {
    expect(decideArchiveChannel(ctxOf(owner), 7)).to.deep.equal([
      { type: 'ChannelUpdated', data: { channel_id: 7, changes: { is_default: false }, previous: { is_default: true } } },
      { type: 'ChannelArchived', data: { channel_id: 7 } },
    ]);
  });

  it('refuses a second archive, other users, and channels the caller cannot see', function () {
    expectApiError(() => decideArchiveChannel(ctxOf(admin), 10), refused('Channel is already archived'));
    expectApiError(() => decideArchiveChannel(ctxOf(moderator), 8), refused('You do not have permission to administer this channel.'));
    expectApiError(() => decideArchiveChannel(ctxOf(member), 9), refused('Invalid channel ID'));
    expectApiError(() => decideArchiveChannel(ctxOf(admin), 99), refused('Invalid channel ID'));
  });
});

describe('decideDefaultChannel', function () {
  it('adds and removes a default channel for administrators, and does nothing twice', function () {
    expect(decideDefaultChannel(ctxOf(admin), 8, true)).to.deep.equal([
      { type: 'ChannelUpdated', data: { channel_id: 8, changes: { is_default: true }, previous: { is_default: false } } },
    ]);
    expect(decideDefaultChannel(ctxOf(admin), 7, false)).to.deep.equal([
      { type: 'ChannelUpdated', data: { channel_id: 7, changes: { is_default: false }, previous: { is_default: true } } },
    ]);
    expect(decideDefaultChannel(ctxOf(admin), 7, true)).to.deep.equal([]);
    expect(decideDefaultChannel(ctxOf(admin), 8, false)).to.deep.equal([]);
  });

  it('refuses private and archived channels, non-administrators, and unknown channels', function () {
    expectApiError(() => decideDefaultChannel(ctxOf(admin), 9, true), refused('Private channels cannot be made default.'));
    expectApiError(() => decideDefaultChannel(ctxOf(admin), 10, true), refused('Archived channels cannot be made default.'));
    expectApiError(() => decideDefaultChannel(ctxOf(keeper), 8, true), adminRequired);
    expectApiError(() => decideDefaultChannel(ctxOf(moderator), 7, false), adminRequired);
    expectApiError(() => decideDefaultChannel(ctxOf(admin), 99, true), refused('Invalid channel ID'));
  });
});
