import { expect } from 'chai';
import { DEFAULT_REALM_SETTINGS, decideCreateChannel, decideDeleteTopicBatch, decideUpdateSubscriptions, type UserState } from '@chat/core';
import { expectApiError, refused } from '../../support/api-error-assertions.js';
import { aChannel, aSubscription, channelContext, type ChannelWorldGiven, PUBLIC_DEFAULTS } from '../../support/channel-factory.js';
import { fakeRender } from '../../support/channel-folder-factory.js';
import { aMessageState } from '../../support/message-state-factory.js';
import { someUsers } from '../../support/user-state-factory.js';

const { owner, admin, member, guest, other } = someUsers();
const general = aChannel({ channel_id: 10, name: 'general' });
const given: ChannelWorldGiven = { users: [owner, admin, member, guest, other], channels: [general], subscriptions: [aSubscription(member.user_id, 10)] };
const create = (actor: UserState, name: string, subscribers: number[]) =>
  decideCreateChannel(channelContext(actor, given), { channel_id: 200, name, description: '', subscribers, options: PUBLIC_DEFAULTS, render: fakeRender });

describe('decideCreateChannel', () => {
  it('creates the channel and subscribes exactly the listed users', () => {
    const events = create(member, ' Design ', [member.user_id, other.user_id]);
    expect(events.map((event) => event.type)).to.deep.equal(['ChannelCreated', 'SubscriptionAdded']);
    expect(events[0].data).to.include({ channel_id: 200, name: 'Design', creator_id: member.user_id });
    expect(events[1].type === 'SubscriptionAdded' && events[1].data.subscriptions.map((sub) => sub.user_id)).to.deep.equal([member.user_id, other.user_id]);
    expect(create(admin, 'Empty', []).map((event) => event.type)).to.deep.equal(['ChannelCreated']);
  });

  it('answers 409 for a taken name, and applies the creation rules', () => {
    expectApiError(() => create(member, 'GENERAL', []), { code: 'CHANNEL_ALREADY_EXISTS', status: 409, mentions: "Channel 'general' already exists" });
    expectApiError(() => create(guest, 'Mine', []), refused('Insufficient permission'));
    expectApiError(() => create(member, 'Mine', [404]), refused("'subscribers'"));
  });
});

describe('decideUpdateSubscriptions', () => {
  const update = (add: string[], del: string[]) =>
    decideUpdateSubscriptions(channelContext(member, given), { add: add.map((name) => ({ name })), delete: del, newChannelIds: new Map([['new', 300]]), render: fakeRender, options: PUBLIC_DEFAULTS });

  it('joins, creates and leaves in one decision', () => {
    const decision = update(['New'], ['general']);
    expect([...decision.events.keys()]).to.have.members([300, 10]);
    expect(decision).to.deep.include({ subscribed: { [String(member.user_id)]: ['New'] }, removed: ['general'], not_removed: [] });
  });

  it('refuses nothing to do, and a channel on both sides', () => {
    expectApiError(() => update([], []), refused('Nothing to do'));
    expectApiError(() => update(['General'], ['general']), refused("'add' and 'delete'"));
  });
});

describe('decideDeleteTopicBatch', () => {
  const ctx = (actor: UserState) => ({ ...channelContext(actor, given), channel: general, settings: DEFAULT_REALM_SETTINGS, now: 0 });
  const messages = Array.from({ length: 120 }, (_, i) => aMessageState({ id: i + 1 }));

  it('deletes the newest hundred first, with every holder', () => {
    const [event] = decideDeleteTopicBatch(ctx(admin), { messages, holders: [9, 7, 9], attachmentIds: [5, 2, 5] });
    expect(event.data.message_ids).to.deep.equal(messages.slice(20).map((m) => m.id));
    expect(event.data.holders).to.deep.equal([7, 9]);
    expect(event.data.attachment_ids).to.deep.equal([2, 5]);
    expect(event.data.reason).to.equal('deleted');
    expect(decideDeleteTopicBatch(ctx(admin), { messages: [], holders: [], attachmentIds: [] })).to.deep.equal([]);
  });

  it('refuses who may not delete any message', () => {
    expectApiError(() => decideDeleteTopicBatch(ctx(member), { messages, holders: [], attachmentIds: [] }), { code: 'UNAUTHORIZED_PRINCIPAL', status: 400, mentions: 'Insufficient permission' });
  });
});
