import { expect } from 'chai';
import { decideUnsubscribe, type UnsubscribeCommand, type UserState } from '@chat/core';
import { expectApiError, refused } from '../../support/api-error-assertions.js';
import { aChannel, aSubscription, channelContext, type ChannelWorldGiven } from '../../support/channel-factory.js';
import { SYS } from '../../support/user-group-factory.js';
import { aUser, someUsers } from '../../support/user-state-factory.js';

const { owner, admin, moderator, member, guest, other, gone } = someUsers();
const ownBot = aUser({ user_id: 22, is_bot: true, bot_type: 1, bot_owner_id: member.user_id });
const othersBot = aUser({ user_id: 23, is_bot: true, bot_type: 1, bot_owner_id: other.user_id });
const USERS: UserState[] = [owner, admin, moderator, member, guest, other, gone, ownBot, othersBot];

const general = aChannel({ channel_id: 100, name: 'general' });
const random = aChannel({ channel_id: 101, name: 'random' });
const secret = aChannel({ channel_id: 102, name: 'secret', invite_only: true });
const everyoneIn = (channelId: number) => USERS.filter((user) => user.is_active).map((user) => aSubscription(user.user_id, channelId));
const given: ChannelWorldGiven = {
  users: USERS,
  channels: [general, random, secret],
  subscriptions: [...everyoneIn(general.channel_id), aSubscription(other.user_id, secret.channel_id), aSubscription(othersBot.user_id, secret.channel_id)],
};

const unsubscribe = (actor: UserState, names: string[], principals: UnsubscribeCommand['principals'] = null, world: Partial<ChannelWorldGiven> = {}) =>
  decideUnsubscribe(channelContext(actor, { ...given, ...world }), { names, principals });

const removedEvent = (channel_id: number, user_ids: number[]) => ({ type: 'SubscriptionRemoved', data: { channel_id, user_ids } });

describe('decideUnsubscribe: channels', function () {
  it('removes the caller from the channels they are in and reports the others as not_removed', function () {
    const decision = unsubscribe(member, ['general', 'random']);
    expect(decision).to.deep.include({ removed: ['general'], not_removed: ['random'] });
    expect([...decision.events]).to.deep.equal([[general.channel_id, [removedEvent(general.channel_id, [member.user_id])]]]);
  });

  it('finds channels by name in any letter case, each once', function () {
    const decision = unsubscribe(member, [' GENERAL ', 'general']);
    expect(decision.removed).to.deep.equal(['general']);
  });

  it('answers STREAM_DOES_NOT_EXIST with `stream` for an unknown channel', function () {
    const error = expectApiError(() => unsubscribe(member, ['general', 'nowhere']), { code: 'STREAM_DOES_NOT_EXIST', status: 400, mentions: "Channel 'nowhere' does not exist" });
    expect(error.extras).to.deep.equal({ stream: 'nowhere' });
  });

  it('answers the same for a private channel the caller cannot see, so its existence does not leak', function () {
    const error = expectApiError(() => unsubscribe(member, ['secret']), { code: 'STREAM_DOES_NOT_EXIST', status: 400, mentions: "Channel 'secret' does not exist" });
    expect(error.extras).to.deep.equal({ stream: 'secret' });
  });

  it('lets a subscriber of a private channel leave it', function () {
    expect(unsubscribe(other, ['secret']).removed).to.deep.equal(['secret']);
  });

  it('refuses an empty request', function () {
    expectApiError(() => unsubscribe(member, []), refused("'subscriptions'"));
  });
});

describe('decideUnsubscribe: removing others (4.10)', function () {
  it('lets an organization administrator remove anyone from any channel, private ones included', function () {
    for (const actor of [owner, admin]) {
      const decision = unsubscribe(actor, ['secret', 'general'], [other.user_id, member.user_id]);
      expect(decision).to.deep.include({ removed: ['secret', 'general', 'general'], not_removed: ['secret'] });
      expect(decision.events.get(secret.channel_id)).to.deep.equal([removedEvent(secret.channel_id, [other.user_id])]);
      expect(decision.events.get(general.channel_id)).to.deep.equal([removedEvent(general.channel_id, [other.user_id, member.user_id])]);
    }
  });

  it('resolves principals by email address too, as addressesOf allows', function () {
    expect(unsubscribe(admin, ['general'], [other.email.toUpperCase()]).removed).to.deep.equal(['general']);
    const ctx = channelContext(admin, given);
    const addressesOf = (user: UserState) => [`user${user.user_id}@chat.example`];
    expect(decideUnsubscribe(ctx, { names: ['general'], principals: ['user20@chat.example'], addressesOf }).removed).to.deep.equal(['general']);
    expectApiError(() => decideUnsubscribe(ctx, { names: ['general'], principals: [other.email], addressesOf }), refused(`'${other.email}' in 'principals'`));
  });

  for (const actor of [moderator, member, guest]) {
    it(`refuses role ${actor.role} outside can_remove_subscribers_group (administrators by default)`, function () {
      expectApiError(() => unsubscribe(actor, ['general'], [other.user_id]), refused('Insufficient permission'));
    });
  }

  it("refuses the channel's own administrator who is not in can_remove_subscribers_group", function () {
    const mine = aChannel({ channel_id: 103, name: 'mine', creator_id: member.user_id });
    const world = { channels: [mine], subscriptions: [aSubscription(other.user_id, mine.channel_id)] };
    expectApiError(() => unsubscribe(member, ['mine'], [other.user_id], world), refused('Insufficient permission'));
  });

  it('lets a member of can_remove_subscribers_group with access remove others', function () {
    const open = { ...general, settings: { ...general.settings, can_remove_subscribers_group: SYS['role:members'] } };
    expect(unsubscribe(member, ['general'], [other.user_id], { channels: [open] }).removed).to.deep.equal(['general']);
  });

  it('refuses that member on a private channel they have no access to, as an unknown channel', function () {
    const closed = { ...secret, settings: { ...secret.settings, can_remove_subscribers_group: SYS['role:members'] } };
    expectApiError(() => unsubscribe(member, ['secret'], [other.user_id], { channels: [closed] }), { code: 'STREAM_DOES_NOT_EXIST', status: 400, mentions: 'secret' });
    const subscriptions = [...given.subscriptions!, aSubscription(member.user_id, secret.channel_id)];
    expect(unsubscribe(member, ['secret'], [other.user_id], { channels: [closed], subscriptions }).removed).to.deep.equal(['secret']);
  });

  it('lets a user remove a bot they own from a channel they can access, and no one else’s bot', function () {
    expect(unsubscribe(member, ['general'], [ownBot.user_id]).removed).to.deep.equal(['general']);
    expectApiError(() => unsubscribe(member, ['general'], [othersBot.user_id]), refused('Insufficient permission'));
  });

  it('applies nothing when one principal may not be removed', function () {
    expectApiError(() => unsubscribe(member, ['general'], [member.user_id, other.user_id]), refused('Insufficient permission'));
  });

  for (const [what, principal] of [
    ['an unknown id', 99],
    ['a deactivated user', 21],
    ['an unknown address', 'nobody@example.com'],
  ] as const) {
    it(`refuses ${what} with 400 BAD_REQUEST naming the principal`, function () {
      expectApiError(() => unsubscribe(admin, ['general'], [other.user_id, principal]), refused(`'${String(principal)}' in 'principals'`));
    });
  }
});
