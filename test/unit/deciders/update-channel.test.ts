import { expect } from 'chai';
import { type ChannelState, decideUpdateChannel, type UpdateChannelCommand, type UserState } from '@chat/core';
import { expectApiError, refused } from '../../support/api-error-assertions.js';
import { aChannel, aSubscription, channelContext } from '../../support/channel-factory.js';
import { SYS } from '../../support/user-group-factory.js';
import { someUsers } from '../../support/user-state-factory.js';

const { owner, admin, moderator, member, guest, other: keeper } = someUsers();
const USERS: UserState[] = [owner, admin, moderator, member, guest, keeper];

const keptBy = { direct_members: [keeper.user_id], direct_subgroups: [] };
const general = aChannel({ channel_id: 7, name: 'general', description: 'Old', rendered_description: '<p>Old</p>' });
const secret = aChannel({ channel_id: 8, name: 'secret', invite_only: true, settings: { ...general.settings, can_administer_channel_group: keptBy } });
const other = aChannel({ channel_id: 9, name: 'Random' });
const archived = aChannel({ channel_id: 10, name: 'attic', is_archived: true });

const render = (markdown: string): string => `<p>${markdown}</p>`;
const command = (fields: Partial<UpdateChannelCommand> = {}): UpdateChannelCommand => ({ settings: {}, topicsInUse: [], render, ...fields });

function decide(actor: UserState, channelId: number, fields: Partial<UpdateChannelCommand>, channels: ChannelState[] = [general, secret, other, archived]) {
  const ctx = channelContext(actor, { users: USERS, channels, folderIds: [3], subscriptions: [aSubscription(keeper.user_id, secret.channel_id)] });
  return decideUpdateChannel(ctx, channelId, command(fields));
}

const updated = (channelId: number, changes: Record<string, unknown>, previous: Record<string, unknown>) => ({
  type: 'ChannelUpdated',
  data: { channel_id: channelId, changes, previous },
});

describe('decideUpdateChannel: who may change a channel', function () {
  it('lets administrators and members of can_administer_channel_group change it', function () {
    for (const actor of [owner, admin]) {
      expect(decide(actor, 7, { description: 'New' }).events).to.deep.equal([
        updated(7, { description: 'New', rendered_description: '<p>New</p>' }, { description: 'Old', rendered_description: '<p>Old</p>' }),
      ]);
    }
    expect(decide(keeper, 8, { new_name: 'vault' }).events).to.deep.equal([updated(8, { name: 'vault' }, { name: 'secret' })]);
  });

  it('refuses moderators, members and guests who do not administer it', function () {
    for (const actor of [moderator, member]) {
      expectApiError(() => decide(actor, 7, { description: 'x' }), refused('You do not have permission to administer this channel.'));
    }
    expectApiError(() => decide(guest, 7, { description: 'x' }), refused('Invalid channel ID'));
  });

  it('treats an unknown channel and one the caller cannot see alike', function () {
    expectApiError(() => decide(admin, 99, { description: 'x' }), refused('Invalid channel ID'));
    expectApiError(() => decide(member, 8, { description: 'x' }), refused('Invalid channel ID'));
  });

  it('lets only owners change message_retention_days, even to its current value', function () {
    expect(decide(owner, 7, { message_retention_days: 'unlimited' }).events).to.deep.equal([
      updated(7, { message_retention_days: -1 }, { message_retention_days: null }),
    ]);
    expect(decide(owner, 7, { message_retention_days: 30 }).events[0].data).to.deep.include({ changes: { message_retention_days: 30 } });
    expectApiError(() => decide(admin, 7, { message_retention_days: 'realm_default' }), {
      code: 'UNAUTHORIZED_PRINCIPAL',
      status: 400,
      mentions: "Must be an organization owner to change 'message_retention_days'",
    });
    expectApiError(() => decide(owner, 7, { message_retention_days: 0 }), refused(`Invalid 'message_retention_days': must be a whole number of days from 1 to 2147483647 or "unlimited" or "realm_default", not 0`));
  });

  it('lets only administrators change is_default_stream', function () {
    expectApiError(() => decide(keeper, 8, { is_default_stream: false }), { code: 'UNAUTHORIZED_PRINCIPAL', status: 400, mentions: 'Must be an organization administrator' });
  });
});

describe('decideUpdateChannel: names and descriptions', function () {
  it('renames, asking the action to move the name claim only when the folded name changes', function () {
    expect(decide(admin, 7, { new_name: ' lobby ' })).to.deep.equal({ events: [updated(7, { name: 'lobby' }, { name: 'general' })], rename: { from: 'general', to: 'lobby' } });
    expect(decide(admin, 7, { new_name: 'General' })).to.deep.equal({ events: [updated(7, { name: 'General' }, { name: 'general' })], rename: null });
  });

  it('refuses a name another channel holds, regardless of case, and bad names', function () {
    expectApiError(() => decide(admin, 7, { new_name: 'random' }), refused("Channel 'Random' already exists"));
    expectApiError(() => decide(admin, 7, { new_name: 'attic' }), refused("Channel 'attic' already exists"));
    expectApiError(() => decide(admin, 7, { new_name: '  ' }), refused("Channel name can't be empty."));
    expectApiError(() => decide(admin, 7, { new_name: 'x'.repeat(61) }), refused('Channel name too long (limit: 60 characters).'));
    expectApiError(() => decide(admin, 7, { description: 'x'.repeat(1025) }), refused('Channel description too long (limit: 1024 characters).'));
  });

  it('appends nothing when every value is the current one', function () {
    expect(decide(admin, 7, { new_name: 'general', description: 'Old', is_private: false, topics_policy: 'inherit', folder_id: null })).to.deep.equal({ events: [], rename: null });
    expect(decide(admin, 7, {})).to.deep.equal({ events: [], rename: null });
  });
});

describe('decideUpdateChannel: privacy', function () {
  it('makes a public channel private, keeping the history it shared unless told otherwise', function () {
    expect(decide(admin, 7, { is_private: true }).events).to.deep.equal([updated(7, { invite_only: true }, { invite_only: false })]);
    expect(decide(admin, 7, { is_private: true, history_public_to_subscribers: false }).events).to.deep.equal([
      updated(7, { invite_only: true, history_public_to_subscribers: false }, { invite_only: false, history_public_to_subscribers: true }),
    ]);
  });

  it('makes a private channel public, which always shares its history', function () {
    const hidden = aChannel({ ...secret, history_public_to_subscribers: false });
    expect(decide(keeper, 8, { is_private: false }, [hidden]).events).to.deep.equal([
      updated(8, { invite_only: false, history_public_to_subscribers: true }, { invite_only: true, history_public_to_subscribers: false }),
    ]);
    expectApiError(() => decide(keeper, 8, { is_private: false, history_public_to_subscribers: false }, [hidden]), refused("Invalid 'history_public_to_subscribers'"));
    expectApiError(() => decide(admin, 7, { history_public_to_subscribers: false }), refused("Invalid 'history_public_to_subscribers'"));
  });

  it("needs the channel's content for what would let the actor in: privacy, can_subscribe_group, can_add_subscribers_group", function () {
    const onlyAdmin = { new: { direct_members: [admin.user_id], direct_subgroups: [] } };
    for (const fields of [{ is_private: false }, { is_private: true }, { settings: { can_subscribe_group: onlyAdmin } }, { settings: { can_add_subscribers_group: onlyAdmin } }]) {
      expectApiError(() => decide(admin, 8, fields), refused('Channel content access is required.'));
    }
    // Administering without reading: everything else, and a setting given its current value.
    expect(decide(admin, 8, { description: 'Sealed' }).events).to.have.length(1);
    expect(decide(admin, 8, { settings: { can_subscribe_group: { new: secret.settings.can_subscribe_group } } }).events).to.deep.equal([]);
  });

  it('refuses web-public channels', function () {
    expectApiError(() => decide(admin, 7, { is_web_public: true }), refused("Invalid 'is_web_public': web-public channels are not enabled."));
    expect(decide(admin, 7, { is_web_public: false }).events).to.deep.equal([]);
  });

  it('keeps default channels public', function () {
    const lobby = aChannel({ channel_id: 7, name: 'general', is_default: true });
    expectApiError(() => decide(admin, 7, { is_private: true }, [lobby]), refused('Default channels cannot be made private.'));
    expectApiError(() => decide(admin, 8, { is_default_stream: true }), refused('Private channels cannot be made default.'));
    expectApiError(() => decide(admin, 7, { is_private: true, is_default_stream: true }), refused('Private channels cannot be made default.'));
    expect(decide(admin, 7, { is_private: true, is_default_stream: false }, [lobby]).events).to.deep.equal([
      updated(7, { invite_only: true, is_default: false }, { invite_only: false, is_default: true }),
    ]);
  });
});

describe('decideUpdateChannel: topics, folders, archiving', function () {
  it('accepts each topics policy, and empty_topic_only only when every message is in the empty topic', function () {
    expect(decide(admin, 7, { topics_policy: 'disable_empty_topic' }).events).to.deep.equal([updated(7, { topics_policy: 'disable_empty_topic' }, { topics_policy: 'inherit' })]);
    expect(decide(admin, 7, { topics_policy: 'empty_topic_only', topicsInUse: [''] }).events).to.have.length(1);
    expectApiError(() => decide(admin, 7, { topics_policy: 'empty_topic_only', topicsInUse: ['', 'lunch'] }), refused("Invalid 'topics_policy'"));
    expectApiError(() => decide(admin, 7, { topics_policy: 'sometimes' }), refused("Invalid 'topics_policy': sometimes"));
  });

  it('moves the channel into an existing folder or out of any', function () {
    expect(decide(admin, 7, { folder_id: 3 }).events).to.deep.equal([updated(7, { folder_id: 3 }, { folder_id: null })]);
    const filed = aChannel({ channel_id: 7, name: 'general', folder_id: 3 });
    expect(decide(admin, 7, { folder_id: null }, [filed]).events).to.deep.equal([updated(7, { folder_id: null }, { folder_id: 3 })]);
    expectApiError(() => decide(admin, 7, { folder_id: 4 }), refused("Invalid 'folder_id': no channel folder 4"));
  });

  it('unarchives before applying the other changes, and only unarchives', function () {
    expect(decide(admin, 10, { is_archived: false, description: 'Back' }).events).to.deep.equal([
      { type: 'ChannelUnarchived', data: { channel_id: 10 } },
      updated(10, { description: 'Back', rendered_description: '<p>Back</p>' }, { description: '', rendered_description: '' }),
    ]);
    expect(decide(admin, 7, { is_archived: false }).events).to.deep.equal([]);
    expectApiError(() => decide(admin, 7, { is_archived: true }), refused("Invalid 'is_archived'"));
    expectApiError(() => decide(admin, 10, { is_default_stream: true }), refused('Archived channels cannot be made default.'));
  });
});

describe('decideUpdateChannel: permissions as group-setting updates', function () {
  it('sets a permission, checking the expected old value regardless of spelling', function () {
    const events = decide(admin, 7, {
      settings: {
        can_send_message_group: { new: SYS['role:moderators'], old: { direct_members: [], direct_subgroups: [SYS['role:everyone']] } },
        can_subscribe_group: { new: { direct_members: [4, 4], direct_subgroups: [] } },
      },
    }).events;
    expect(events).to.deep.equal([
      updated(
        7,
        { can_send_message_group: SYS['role:moderators'], can_subscribe_group: { direct_members: [4], direct_subgroups: [] } },
        { can_send_message_group: SYS['role:everyone'], can_subscribe_group: SYS['role:nobody'] },
      ),
    ]);
  });

  it('refuses a stale old value, a forbidden group and an unknown group, appending nothing', function () {
    const stale = expectApiError(
      () => decide(admin, 7, { description: 'New', settings: { can_send_message_group: { new: SYS['role:members'], old: SYS['role:moderators'] } } }),
      refused("'old' value does not match the expected value."),
    );
    expect(stale.extras).to.deep.equal({});
    expectApiError(() => decide(admin, 7, { settings: { can_administer_channel_group: { new: SYS['role:everyone'] } } }), refused("'can_administer_channel_group' setting cannot be set to 'role:everyone' group."));
    expectApiError(() => decide(admin, 7, { settings: { can_subscribe_group: { new: 999 } } }), refused('Invalid user group ID: 999'));
  });

  it('sees a value equal to the current one as no change', function () {
    expect(decide(admin, 7, { settings: { can_send_message_group: { new: { direct_members: [], direct_subgroups: [SYS['role:everyone']] } } } }).events).to.deep.equal([]);
  });
});
