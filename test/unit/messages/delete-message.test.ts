import { expect } from 'chai';
import { type ChannelState, DEFAULT_REALM_SETTINGS, decideDeleteMessage, type MessageState, type RealmGroupSettings, type RealmSettings, type UserState } from '@chat/core';
import { expectApiError, refused } from '../../support/api-error-assertions.js';
import { aChannel, aSubscription, channelContext } from '../../support/channel-factory.js';
import { aMessageState } from '../../support/message-state-factory.js';
import { SYS } from '../../support/user-group-factory.js';
import { aUser, someUsers } from '../../support/user-state-factory.js';

const { owner, admin, moderator, member, guest, other } = someUsers();
const bot = aUser({ user_id: 30, is_bot: true, bot_owner_id: member.user_id });
const users = [owner, admin, moderator, member, guest, other, bot];
const SENT = 1_700_000_000_000;
const general = aChannel({ channel_id: 10, name: 'general' });

function aMessage(sender: UserState, recipient: MessageState['recipient'] = { type: 'channel', channel_id: 10, topic: 'lunch' }): MessageState {
  return aMessageState({ sender_id: sender.user_id, recipient, date_sent: SENT });
}

interface Situation {
  channel?: ChannelState;
  realm?: Partial<RealmGroupSettings>;
  settings?: Partial<RealmSettings>;
  /** Seconds since the message was sent. */
  age?: number;
}

function decide(actor: UserState, message: MessageState, situation: Situation = {}) {
  const channel = message.recipient.type === 'channel' ? (situation.channel ?? general) : undefined;
  const world = channelContext(actor, { users, channels: channel ? [channel] : [], realm: situation.realm, subscriptions: [aSubscription(member.user_id, 10)] });
  const ctx = { ...world, channel, settings: { ...DEFAULT_REALM_SETTINGS, ...situation.settings }, now: SENT + (situation.age ?? 0) * 1000 };
  return decideDeleteMessage(ctx, { message, holders: [other.user_id, member.user_id], attachmentIds: [4] });
}

const NO_PERMISSION = "You don't have permission to delete this message";
const TOO_LATE = 'The time limit for deleting this message has passed';

describe('decideDeleteMessage', function () {
  it('records the message, where it was, who held it (ascending), the files it linked, and that someone deleted it', function () {
    expect(decide(member, aMessage(member))).to.deep.equal({
      type: 'MessagesDeleted',
      data: { message_ids: [50], recipient: { type: 'channel', channel_id: 10, topic: 'lunch' }, holders: [member.user_id, other.user_id], attachment_ids: [4], reason: 'deleted' },
    });
    const direct = { type: 'direct' as const, user_ids: [member.user_id, other.user_id] };
    expect(decide(member, aMessage(member, direct)).data.recipient).to.deep.equal(direct);
  });

  it('lets administrators delete any message at any age, and nobody else delete others’ messages by default', function () {
    for (const actor of [owner, admin]) expect(decide(actor, aMessage(member), { age: 86_400 }).data.message_ids).to.deep.equal([50]);
    for (const actor of [moderator, other, guest]) expectApiError(() => decide(actor, aMessage(member)), refused(NO_PERMISSION));
  });

  it("follows the organization's can_delete_any_message_group, and the channel's where the user can read it", function () {
    expect(decide(moderator, aMessage(member), { realm: { can_delete_any_message_group: SYS['role:moderators'] } }).type).to.equal('MessagesDeleted');
    expectApiError(() => decide(admin, aMessage(member), { realm: { can_delete_any_message_group: SYS['role:owners'] } }), refused(NO_PERMISSION));
    const moderated = aChannel({ channel_id: 10, name: 'general', settings: { ...general.settings, can_delete_any_message_group: SYS['role:moderators'] } });
    expect(decide(moderator, aMessage(member), { channel: moderated, age: 86_400 }).type).to.equal('MessagesDeleted');
    const secret = aChannel({ channel_id: 10, name: 'secret', invite_only: true, settings: { ...moderated.settings } });
    expectApiError(() => decide(moderator, aMessage(member), { channel: secret }), refused(NO_PERMISSION));
  });

  it('lets senders delete their own messages, and their bots’, within the time limit', function () {
    expect(decide(member, aMessage(member), { age: 600 }).type).to.equal('MessagesDeleted');
    expect(decide(member, aMessage(bot)).type).to.equal('MessagesDeleted');
    expectApiError(() => decide(member, aMessage(member), { age: 601 }), refused(TOO_LATE));
    expect(decide(member, aMessage(member), { age: 10 * 86_400, settings: { message_content_delete_limit_seconds: null } }).type).to.equal('MessagesDeleted');
    expectApiError(() => decide(member, aMessage(member), { age: 61, settings: { message_content_delete_limit_seconds: 60 } }), refused(TOO_LATE));
  });

  it("needs can_delete_own_message_group: the organization's, or in a channel the channel's", function () {
    const adminsOnly = { can_delete_own_message_group: SYS['role:administrators'] };
    const direct = aMessage(member, { type: 'direct', user_ids: [member.user_id, other.user_id] });
    expectApiError(() => decide(member, direct, { realm: adminsOnly }), refused(NO_PERMISSION));
    expectApiError(() => decide(member, aMessage(member), { realm: adminsOnly }), refused(NO_PERMISSION));
    const lenient = aChannel({ channel_id: 10, name: 'general', settings: { ...general.settings, can_delete_own_message_group: SYS['role:everyone'] } });
    expect(decide(member, aMessage(member), { realm: adminsOnly, channel: lenient }).type, 'the channel lets everyone delete their own').to.equal('MessagesDeleted');
    const strict = aChannel({ channel_id: 10, name: 'general', settings: { ...general.settings, can_delete_own_message_group: SYS['role:nobody'] } });
    expect(decide(member, aMessage(member), { channel: strict }).type, "the organization's setting suffices").to.equal('MessagesDeleted');
  });
});
