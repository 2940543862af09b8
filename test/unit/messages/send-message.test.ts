import { expect } from 'chai';
import { decideSendMessage, MAX_MESSAGE_LENGTH, VisibilityPolicy } from '@chat/core';
import { expectApiError } from '../../support/api-error-assertions.js';
import { aChannel, aSubscription } from '../../support/channel-factory.js';
import { renders, sendCommand, sendContext, toChannel } from '../../support/send-context.js';
import { aGroup, SYS } from '../../support/user-group-factory.js';
import { aGuest, aMember, anAdmin, anOwner, aUser } from '../../support/user-state-factory.js';

const owner = anOwner();
const admin = anAdmin();
const member = aMember();
const guest = aGuest();
const bob = aUser({ user_id: 7, full_name: 'Bob' });
const gone = aUser({ user_id: 8, full_name: 'Gone', is_active: false });
const users = [owner, admin, member, guest, bob, gone];
const general = aChannel({ channel_id: 10, name: 'general' });
const secret = aChannel({ channel_id: 11, name: 'secret', invite_only: true, history_public_to_subscribers: false });
const subs = [aSubscription(member.user_id, 10), aSubscription(bob.user_id, 10), aSubscription(owner.user_id, 11)];
const world = { users, channels: [general, secret], subscriptions: subs };
const refused = (mentions: string) => ({ code: 'BAD_REQUEST', status: 400, mentions });

describe('decideSendMessage: channel messages', function () {
  it("records the message for the channel's active subscribers and the sender, read by the sender", function () {
    const decision = decideSendMessage(
      sendContext(admin, world),
      sendCommand(toChannel(general, { subscribers: [member.user_id, bob.user_id, gone.user_id], topic: ' lunch ' })),
    );
    expect(decision.sent).to.deep.equal({
      type: 'MessageSent',
      data: {
        message_id: 100,
        sender_id: admin.user_id,
        recipient: { type: 'channel', channel_id: 10, topic: 'lunch' },
        content: 'Hello',
        rendered_content: '<p>Hello</p>',
        is_me_message: false,
        receivers: [admin.user_id, member.user_id, bob.user_id],
        read: [admin.user_id],
        flags: { mentioned: [], stream_wildcard_mentioned: [], topic_wildcard_mentioned: [], has_alert_word: [] },
      },
    });
  });

  it('leaves the message unread for the sender when read_by_sender is false', function () {
    const decision = decideSendMessage(sendContext(member, world), sendCommand(toChannel(general, { subscribers: [member.user_id] }), { read_by_sender: false }));
    expect(decision.sent.data.read).to.deep.equal([]);
  });

  it('refuses an unknown channel, and a private one the sender cannot read, as STREAM_DOES_NOT_EXIST naming it', function () {
    for (const target of [toChannel(undefined, { requested: 'nowhere' }), toChannel(secret)]) {
      const error = expectApiError(() => decideSendMessage(sendContext(member, world), sendCommand(target)), {
        code: 'STREAM_DOES_NOT_EXIST',
        status: 400,
        mentions: target.requested,
      });
      expect(error.extras).to.deep.equal({ stream: target.requested });
    }
  });

  it('lets a guest post only where they are subscribed', function () {
    expectApiError(() => decideSendMessage(sendContext(guest, world), sendCommand(toChannel(general))), { code: 'STREAM_DOES_NOT_EXIST', status: 400, mentions: 'general' });
    const withGuest = { ...world, subscriptions: [...subs, aSubscription(guest.user_id, 10)] };
    expect(decideSendMessage(sendContext(guest, withGuest), sendCommand(toChannel(general))).sent.data.receivers).to.include(guest.user_id);
  });

  it("refuses senders outside the channel's can_send_message_group, and archived channels", function () {
    const announcements = aChannel({ channel_id: 12, name: 'news', settings: { ...general.settings, can_send_message_group: SYS['role:administrators'] } });
    const ctx = sendContext(member, { ...world, channels: [announcements] });
    expectApiError(() => decideSendMessage(ctx, sendCommand(toChannel(announcements))), refused("permission to post in channel 'news'"));
    expect(decideSendMessage(sendContext(admin, { ...world, channels: [announcements] }), sendCommand(toChannel(announcements))).sent.data.recipient).to.deep.include({ channel_id: 12 });
    const archived = aChannel({ channel_id: 13, name: 'old', is_archived: true });
    expectApiError(() => decideSendMessage(sendContext(member, { ...world, channels: [archived] }), sendCommand(toChannel(archived))), refused('archived'));
  });

  it('reads (no topic) and the display name as the empty topic, and applies the topics policy', function () {
    for (const topic of ['(no topic)', 'general chat', '']) {
      expect(decideSendMessage(sendContext(member, world), sendCommand(toChannel(general, { topic }))).sent.data.recipient).to.deep.include({ topic: '' });
    }
    const strict = aChannel({ channel_id: 14, name: 'strict', topics_policy: 'disable_empty_topic' });
    expectApiError(() => decideSendMessage(sendContext(member, world), sendCommand(toChannel(strict, { topic: '(no topic)' }))), refused("'topic'"));
    const chatOnly = aChannel({ channel_id: 15, name: 'chat', topics_policy: 'empty_topic_only' });
    expectApiError(() => decideSendMessage(sendContext(member, world), sendCommand(toChannel(chatOnly, { topic: 'named' }))), refused("'topic'"));
  });

  it('cuts an over-long topic and content as the public server does, and refuses empty content', function () {
    const long = decideSendMessage(sendContext(member, world), sendCommand(toChannel(general, { topic: 'x'.repeat(80) }), { content: 'y'.repeat(MAX_MESSAGE_LENGTH + 5) }));
    const recipient = long.sent.data.recipient as { topic: string };
    expect([...recipient.topic]).to.have.length(60);
    expect(recipient.topic.endsWith('...')).to.equal(true);
    expect([...long.sent.data.content]).to.have.length(MAX_MESSAGE_LENGTH);
    expect(long.sent.data.content.endsWith('[message truncated]')).to.equal(true);
    expectApiError(() => decideSendMessage(sendContext(member, world), sendCommand(toChannel(general), { content: '  \n ' })), refused("'content'"));
  });
});

describe('decideSendMessage: mentions and flags', function () {
  it('flags mentioned receivers, group members and wildcard reach; mentions of non-receivers flag nobody', function () {
    const team = aGroup({ id: 50, name: 'team', members: [bob.user_id, owner.user_id] });
    const ctx = sendContext(member, { ...world, groups: [team] });
    const decision = decideSendMessage(
      ctx,
      sendCommand(toChannel(general, { subscribers: [member.user_id, bob.user_id, admin.user_id], topicParticipants: [admin.user_id] }), {
        render: renders({ mentioned_user_ids: [admin.user_id, guest.user_id], mentioned_group_ids: [50], stream_wildcard: true, topic_wildcard: true }),
      }),
    );
    expect(decision.sent.data.flags).to.deep.equal({
      mentioned: [admin.user_id, bob.user_id],
      stream_wildcard_mentioned: [admin.user_id, member.user_id, bob.user_id],
      topic_wildcard_mentioned: [admin.user_id, member.user_id],
      has_alert_word: [],
    });
  });

  it('refuses a group mention the sender may not make', function () {
    const closed = aGroup({ id: 51, name: 'closed', settings: { ...aGroup({ id: 51, name: 'x' }).settings, can_mention_group: SYS['role:administrators'] } });
    const ctx = sendContext(member, { ...world, groups: [closed] });
    expectApiError(() => decideSendMessage(ctx, sendCommand(toChannel(general), { render: renders({ mentioned_group_ids: [51] }) })), refused("'closed'"));
  });

  it('refuses wildcard mentions reaching more than 15 people from senders outside can_mention_many_users_group', function () {
    const crowd = Array.from({ length: 16 }, (_, i) => aUser({ user_id: 100 + i }));
    const many = { ...world, users: [...users, ...crowd] };
    const subscribers = crowd.map((user) => user.user_id);
    expectApiError(() => decideSendMessage(sendContext(member, many), sendCommand(toChannel(general, { subscribers }), { render: renders({ stream_wildcard: true }) })), {
      code: 'STREAM_WILDCARD_MENTION_NOT_ALLOWED',
      status: 400,
      mentions: 'wildcard',
    });
    expectApiError(
      () => decideSendMessage(sendContext(member, many), sendCommand(toChannel(general, { topicParticipants: subscribers }), { render: renders({ topic_wildcard: true }) })),
      { code: 'TOPIC_WILDCARD_MENTION_NOT_ALLOWED', status: 400, mentions: 'wildcard' },
    );
    // Administrators hold can_mention_many_users_group by default; 15 subscribers is still few.
    expect(() => decideSendMessage(sendContext(admin, many), sendCommand(toChannel(general, { subscribers }), { render: renders({ stream_wildcard: true }) }))).to.not.throw();
    expect(() => decideSendMessage(sendContext(member, many), sendCommand(toChannel(general, { subscribers: subscribers.slice(1) }), { render: renders({ stream_wildcard: true }) }))).to.not.throw();
  });

  it("flags receivers whose alert words the content contains, never the sender", function () {
    const ctx = sendContext(member, { ...world, alertWords: new Map([[bob.user_id, ['pizza']], [member.user_id, ['pizza']]]) });
    const decision = decideSendMessage(ctx, sendCommand(toChannel(general, { subscribers: [member.user_id, bob.user_id] }), { content: 'Pizza time' }));
    expect(decision.sent.data.flags.has_alert_word).to.deep.equal([bob.user_id]);
  });
});

describe('decideSendMessage: automatic visibility policies', function () {
  it('follows a topic the sender starts (default: on initiation) and says so', function () {
    const decision = decideSendMessage(sendContext(member, world), sendCommand(toChannel(general)));
    expect(decision.automatic_new_visibility_policy).to.equal(VisibilityPolicy.Followed);
    expect(decision.userTopics).to.deep.equal([
      { type: 'UserTopicChanged', data: { user_id: member.user_id, channel_id: 10, topic: 'lunch', visibility_policy: 'followed' } },
    ]);
  });

  it('changes nothing when the topic exists and the sender follows on initiation only', function () {
    const decision = decideSendMessage(sendContext(member, world), sendCommand(toChannel(general, { topicParticipants: [bob.user_id] })));
    expect(decision.automatic_new_visibility_policy).to.equal(null);
    expect(decision.userTopics).to.deep.equal([]);
  });

  it('unmutes the topic in a muted channel on send, when following does not apply', function () {
    const quiet = aMember({ settings: { ...member.settings, automatically_follow_topics_policy: 4 } });
    const decision = decideSendMessage(sendContext(quiet, { ...world, users: [quiet, ...users.slice(1)] }), sendCommand(toChannel(general, { topicParticipants: [bob.user_id], senderMutedChannel: true })));
    expect(decision.automatic_new_visibility_policy).to.equal(VisibilityPolicy.Unmuted);
  });

  it('makes mentioned receivers follow the topic when their setting says so', function () {
    const decision = decideSendMessage(
      sendContext(member, world),
      sendCommand(toChannel(general, { subscribers: [member.user_id, bob.user_id], topicParticipants: [bob.user_id], topicPolicies: new Map() }), {
        render: renders({ mentioned_user_ids: [bob.user_id] }),
      }),
    );
    expect(decision.userTopics.map((change) => change.data)).to.deep.equal([{ user_id: bob.user_id, channel_id: 10, topic: 'lunch', visibility_policy: 'followed' }]);
  });
});

describe('decideSendMessage: direct messages', function () {
  it('records the conversation with the sender, ascending, and no visibility change', function () {
    const decision = decideSendMessage(sendContext(bob, world), sendCommand({ type: 'direct', recipients: [member, admin, member] }));
    expect(decision.sent.data.recipient).to.deep.equal({ type: 'direct', user_ids: [admin.user_id, member.user_id, bob.user_id] });
    expect(decision.sent.data.receivers).to.deep.equal([admin.user_id, member.user_id, bob.user_id]);
    expect(decision.userTopics).to.deep.equal([]);
    expect(decision.automatic_new_visibility_policy).to.equal(null);
  });

  it('sends a message to oneself', function () {
    expect(decideSendMessage(sendContext(bob, world), sendCommand({ type: 'direct', recipients: [bob] })).sent.data.recipient).to.deep.equal({ type: 'direct', user_ids: [bob.user_id] });
  });

  it('refuses unknown and deactivated recipients and an empty list, naming them', function () {
    expectApiError(() => decideSendMessage(sendContext(bob, world), sendCommand({ type: 'direct', recipients: [{ missing: 'nobody@example.com' }] })), refused('nobody@example.com'));
    expectApiError(() => decideSendMessage(sendContext(bob, world), sendCommand({ type: 'direct', recipients: [gone] })), refused('Gone'));
    expectApiError(() => decideSendMessage(sendContext(bob, world), sendCommand({ type: 'direct', recipients: [] })), refused("'to'"));
  });
});
