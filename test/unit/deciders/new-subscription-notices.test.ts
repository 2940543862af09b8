import { expect } from 'chai';
import { MAX_BULK_NEW_SUBSCRIPTION_MESSAGES, newSubscriptionNotices, type NewSubscriptionNoticesInput, youWereSubscribedContent } from '@chat/core';
import { aUser } from '../../support/user-state-factory.js';

const actor = aUser({ user_id: 1, full_name: 'Ada' });
const people = [actor, aUser({ user_id: 2 }), aUser({ user_id: 3 }), aUser({ user_id: 4, is_bot: true, bot_owner_id: 1 })];
const input = (overrides: Partial<NewSubscriptionNoticesInput> = {}): NewSubscriptionNoticesInput => ({
  actor,
  users: new Map(people.map((user) => [user.user_id, user])),
  subscribed: { '1': ['lobby'], '2': ['lobby', 'garden'], '3': ['new'], '4': ['lobby'] },
  created: new Set(['new']),
  send: true,
  ...overrides,
});

describe('newSubscriptionNotices', function () {
  it('tells each other human user of the existing channels they were added to, sorted by name', function () {
    expect(newSubscriptionNotices(input())).to.deep.equal({
      sent: true,
      notices: [{ recipient_id: 2, content: '@_**Ada|1** subscribed you to the following channels:\n\n* #**garden**\n* #**lobby**' }],
    });
  });

  it('one channel in one sentence', function () {
    expect(youWereSubscribedContent(actor, ['lobby'])).to.equal('@_**Ada|1** subscribed you to #**lobby**.');
  });

  it('not asked: sent is null and nobody is told', function () {
    expect(newSubscriptionNotices(input({ send: false }))).to.deep.equal({ sent: null, notices: [] });
  });

  it('more users subscribed than the limit: sent is false and nobody is told; at the limit they are', function () {
    const many = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [String(100 + i), ['lobby']]));
    const users = new Map(Array.from({ length: 101 }, (_, i) => [100 + i, aUser({ user_id: 100 + i })]));
    expect(newSubscriptionNotices(input({ users, subscribed: many(MAX_BULK_NEW_SUBSCRIPTION_MESSAGES + 1) }))).to.deep.equal({ sent: false, notices: [] });
    expect(newSubscriptionNotices(input({ users, subscribed: many(MAX_BULK_NEW_SUBSCRIPTION_MESSAGES) })).notices).to.have.length(100);
  });
});
