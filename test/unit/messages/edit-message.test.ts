import { expect } from 'chai';
import {
  type ChannelState,
  decideEditMessage,
  decideNotice,
  DEFAULT_REALM_SETTINGS,
  type EditContext,
  type EditFacts,
  type EditRequest,
  type MessageState,
  type RealmGroupSettings,
  type RealmSettings,
  resolveToggle,
  sha256Hex,
  type SubscriptionState,
  type UserState,
} from '@chat/core';
import { expectApiError, refused } from '../../support/api-error-assertions.js';
import { aChannel, aSubscription, channelContext } from '../../support/channel-factory.js';
import { renders } from '../../support/send-context.js';
import { aMessageState } from '../../support/message-state-factory.js';
import { SYS } from '../../support/user-group-factory.js';
import { aUser, someUsers } from '../../support/user-state-factory.js';

const T0 = 1_800_000_000_000;
const { owner, moderator, member, guest, other } = someUsers();
const bot = aUser({ user_id: 99, full_name: 'Notification Bot', is_bot: true, bot_type: 1, email: 'notification-bot@system.invalid', password_hash: null });
const users = [owner, moderator, member, guest, other, bot];
const general = aChannel({ channel_id: 10, name: 'general' });
const elsewhere = aChannel({ channel_id: 11, name: 'elsewhere' });
const vault = aChannel({ channel_id: 12, name: 'vault', invite_only: true, history_public_to_subscribers: false });
const subscriptions = [
  ...[owner, moderator, member, guest].map((user) => aSubscription(user.user_id, general.channel_id)),
  aSubscription(other.user_id, elsewhere.channel_id),
  aSubscription(moderator.user_id, vault.channel_id),
  aSubscription(member.user_id, vault.channel_id),
];

interface World {
  actor?: UserState;
  now?: number;
  settings?: Partial<RealmSettings>;
  realm?: Partial<RealmGroupSettings>;
  channels?: ChannelState[];
  subscriptions?: SubscriptionState[];
}

function editContext(world: World = {}): EditContext {
  const actor = world.actor ?? member;
  const cc = channelContext(actor, { users, channels: world.channels ?? [general, elsewhere, vault], subscriptions: world.subscriptions ?? subscriptions, realm: world.realm });
  return { ...cc, settings: { ...DEFAULT_REALM_SETTINGS, ...world.settings }, alertWords: new Map([[owner.user_id, ['urgent']]]), now: world.now ?? T0 + 60_000 };
}

const aMessage = (overrides: Partial<MessageState> = {}): MessageState =>
  aMessageState({ id: 100, sender_id: member.user_id, content: 'hello', rendered_content: '<p>hello</p>', date_sent: T0, ...overrides });

/** The message named and its topic (ids 98..102 by default, sent a minute apart ending at T0 + 2 minutes). */
function facts(overrides: Partial<EditFacts> = {}): EditFacts {
  const message = overrides.message ?? aMessage();
  const topic = [98, 99, 100, 101, 102].map((id) => ({ id, date_sent: T0 + (id - 100) * 60_000 }));
  const holders = new Map(topic.map(({ id }) => [id, [owner.user_id, moderator.user_id, member.user_id, guest.user_id]]));
  return {
    message,
    holders,
    topic,
    topicParticipants: [member.user_id],
    topicPolicies: new Map(),
    destination: [],
    render: renders(),
    hasAlertWord: (content, words) => words.some((word) => content.includes(word)),
    ...overrides,
  };
}

const request = (overrides: Partial<EditRequest>): EditRequest => ({
  propagate_mode: 'change_one',
  send_notification_to_old_thread: false,
  send_notification_to_new_thread: true,
  ...overrides,
});

describe('decideEditMessage: content', function () {
  it('records the new content, what it replaced, and the flags it gives every holder', function () {
    const decision = decideEditMessage(
      editContext(),
      facts({ render: renders({ mentioned_user_ids: [owner.user_id, other.user_id], stream_wildcard: true }) }),
      request({ content: 'urgent: lunch @**Owner**' }),
    );
    expect(decision).to.deep.equal({
      event: {
        type: 'MessageContentEdited',
        data: {
          message_id: 100,
          content: 'urgent: lunch @**Owner**',
          rendered_content: '<p>urgent: lunch @**Owner**</p>',
          prev_content: 'hello',
          prev_rendered_content: '<p>hello</p>',
          is_me_message: false,
          flags: {
            mentioned: [owner.user_id],
            stream_wildcard_mentioned: [owner.user_id, moderator.user_id, member.user_id, guest.user_id],
            topic_wildcard_mentioned: [],
            has_alert_word: [owner.user_id],
          },
        },
      },
      notices: [],
    });
  });

  it('lets only the sender edit, while editing is on and within the limit (plus a grace of 20 seconds)', function () {
    expectApiError(() => decideEditMessage(editContext({ actor: owner }), facts(), request({ content: 'x' })), refused("You don't have permission to edit this message"));
    expectApiError(() => decideEditMessage(editContext({ settings: { allow_message_editing: false } }), facts(), request({ content: 'x' })), refused('turned off message editing'));
    const at = (seconds: number) => editContext({ now: T0 + seconds * 1000 });
    expect(decideEditMessage(at(620), facts(), request({ content: 'x' })).event.type).to.equal('MessageContentEdited');
    expectApiError(() => decideEditMessage(at(621), facts(), request({ content: 'x' })), refused('time limit for editing this message has passed'));
    const unlimited = editContext({ now: T0 + 10 ** 9, settings: { message_content_edit_limit_seconds: null } });
    expect(decideEditMessage(unlimited, facts(), request({ content: 'x' })).event.type).to.equal('MessageContentEdited');
  });

  it('writes "(deleted)" for empty content and refuses a stale prev_content_sha256', function () {
    const decision = decideEditMessage(editContext(), facts(), request({ content: ' \n ' }));
    expect(decision.event.data).to.include({ content: '(deleted)' });
    expectApiError(() => decideEditMessage(editContext(), facts(), request({ content: 'x', prev_content_sha256: sha256Hex('other') })), refused("'prev_content_sha256'"));
    expect(decideEditMessage(editContext(), facts(), request({ content: 'x', prev_content_sha256: sha256Hex('hello') })).event.data).to.include({ content: 'x' });
  });

  it('refuses requests that change nothing or mix what cannot go together', function () {
    const dm = facts({ message: aMessage({ recipient: { type: 'direct', user_ids: [member.user_id, other.user_id] } }), topic: [] });
    const cases: [EditFacts, Partial<EditRequest>, string][] = [
      [facts(), {}, 'Nothing to change'],
      [facts(), { topic: ' lunch ' }, 'Nothing to change'],
      [facts(), { content: 'x', propagate_mode: 'change_later' }, "'propagate_mode'"],
      [facts(), { content: 'x', stream_id: elsewhere.channel_id }, "'content' and 'stream_id'"],
      [dm, { topic: 'x' }, "'topic'"],
      [dm, { stream_id: general.channel_id }, "'stream_id'"],
      [facts({ message: aMessage({ recipient: { type: 'channel', channel_id: 10, topic: '' } }) }), { topic: '✔ general chat' }, 'cannot be marked as resolved'],
    ];
    for (const [given, req, mentions] of cases) expectApiError(() => decideEditMessage(editContext(), given, request(req)), refused(mentions));
  });

  it('applies the mention rules of sending: group permission and wildcards reaching many people', function () {
    const crowd = Array.from({ length: 16 }, (_, i) => aSubscription(200 + i, general.channel_id));
    const many = editContext({ subscriptions: [...subscriptions, ...crowd], realm: { can_mention_many_users_group: SYS['role:moderators'] } });
    expectApiError(() => decideEditMessage(many, facts({ render: renders({ stream_wildcard: true }) }), request({ content: '@**all**' })), {
      code: 'STREAM_WILDCARD_MENTION_NOT_ALLOWED',
      status: 400,
      mentions: 'wildcard',
    });
  });
});

describe('decideEditMessage: moves', function () {
  const moved = (ctx: EditContext, req: Partial<EditRequest>, given = facts()) => {
    const { event } = decideEditMessage(ctx, given, request(req));
    if (event.type !== 'MessagesMoved') throw new Error(`expected a move, got ${event.type}`);
    return event.data;
  };

  it('moves the message named, it and those after, or the whole topic', function () {
    expect(moved(editContext(), { topic: 'dinner' }).message_ids).to.deep.equal([100]);
    expect(moved(editContext(), { topic: 'dinner', propagate_mode: 'change_later' }).message_ids).to.deep.equal([100, 101, 102]);
    expect(moved(editContext(), { topic: 'dinner', propagate_mode: 'change_all' })).to.deep.equal({
      message_id: 100,
      message_ids: [98, 99, 100, 101, 102],
      from: { channel_id: 10, topic: 'lunch' },
      to: { channel_id: 10, topic: 'dinner' },
      propagate_mode: 'change_all',
      rows_removed: [],
      lost_access: [],
      rows_added: [],
    });
  });

  it('refuses members past the limit with the part of the topic they may still move; moderators are exempt', function () {
    const limited = (actor: UserState) => editContext({ actor, now: T0 + 3600_000, settings: { move_messages_within_stream_limit_seconds: 3600 } });
    const error = expectApiError(() => moved(limited(member), { topic: 'dinner', propagate_mode: 'change_all' }), {
      code: 'MOVE_MESSAGES_TIME_LIMIT_EXCEEDED',
      status: 400,
      mentions: 'most recent',
    });
    expect(error.extras).to.deep.equal({ first_message_id_allowed_to_move: 100, total_messages_in_topic: 5, total_messages_allowed_to_move: 3 });
    expect(moved(limited(member), { topic: 'dinner', propagate_mode: 'change_later' }).message_ids).to.deep.equal([100, 101, 102]);
    expect(moved(limited(moderator), { topic: 'dinner', propagate_mode: 'change_all' }).message_ids).to.have.length(5);
  });

  it('takes the stricter limit when both topic and channel change', function () {
    const ctx = editContext({ now: T0 + 600_000, settings: { move_messages_within_stream_limit_seconds: 3600, move_messages_between_streams_limit_seconds: 60 } });
    const error = expectApiError(() => moved(ctx, { topic: 'dinner', stream_id: elsewhere.channel_id }), { code: 'MOVE_MESSAGES_TIME_LIMIT_EXCEEDED', status: 400, mentions: 'time limit' });
    expect(error.extras).to.deep.equal({ first_message_id_allowed_to_move: null, total_messages_in_topic: 5, total_messages_allowed_to_move: 0 });
  });

  it('checks permissions: renaming, resolving and changing channel each by their own group', function () {
    const noRenames = editContext({ realm: { can_move_messages_between_topics_group: SYS['role:moderators'] } });
    expectApiError(() => moved(noRenames, { topic: 'dinner' }), refused('another topic'));
    expect(moved(noRenames, { topic: '✔ lunch', propagate_mode: 'change_all' }).to.topic).to.equal('✔ lunch');
    const noResolving = editContext({ realm: { can_resolve_topics_group: SYS['role:moderators'] } });
    expectApiError(() => moved(noResolving, { topic: '✔ lunch' }), refused('resolve topics'));
    expectApiError(() => moved(editContext({ actor: guest }), { stream_id: elsewhere.channel_id }), refused("Invalid 'stream_id'"));
    const noChannels = editContext({ realm: { can_move_messages_between_channels_group: SYS['role:moderators'] } });
    expectApiError(() => moved(noChannels, { stream_id: elsewhere.channel_id }), refused('another channel'));
  });

  it('on a channel move, drops the rows of holders not subscribed there and gives protected-history subscribers read rows', function () {
    const data = moved(editContext({ actor: moderator }), { stream_id: vault.channel_id, propagate_mode: 'change_all' });
    expect(data).to.include({ message_id: 100 });
    expect(data.to).to.deep.equal({ channel_id: vault.channel_id, topic: 'lunch' });
    expect({ removed: data.rows_removed, lost: data.lost_access, added: data.rows_added }).to.deep.equal({
      removed: [owner.user_id, guest.user_id],
      lost: [owner.user_id, guest.user_id],
      added: [moderator.user_id, member.user_id],
    });
  });

  it('records a content edit made with a rename in the move', function () {
    const data = moved(editContext(), { topic: 'dinner', content: 'edited' });
    expect(data.content_edit).to.include({ content: 'edited', prev_content: 'hello' });
  });
});

describe('decideEditMessage: notices', function () {
  const noticesOf = (req: Partial<EditRequest>, given = facts(), ctx = editContext()) => decideEditMessage(ctx, given, request(req)).notices;
  const who = `@_**${member.full_name}|${member.user_id}**`;

  it('tells the new topic by default and the old one when asked', function () {
    expect(noticesOf({ topic: 'dinner', propagate_mode: 'change_all', send_notification_to_old_thread: true })).to.deep.equal([
      { place: { channel_id: 10, topic: 'dinner' }, content: `${who} moved this topic here from #**general>lunch**.`, read: { only: [member.user_id] } },
      { place: { channel_id: 10, topic: 'lunch' }, content: `${who} moved this topic to #**general>dinner**.`, read: { only: [member.user_id] } },
    ]);
    expect(noticesOf({ topic: 'dinner', propagate_mode: 'change_later', send_notification_to_new_thread: false, send_notification_to_old_thread: true })).to.deep.equal([
      { place: { channel_id: 10, topic: 'lunch' }, content: `${who} moved 3 messages from this topic to #**general>dinner**.`, read: { only: [member.user_id] } },
    ]);
    expect(noticesOf({ topic: 'dinner', send_notification_to_new_thread: false })).to.deep.equal([]);
  });

  it('a pure resolve posts only the resolved notice, unread for those who follow the topic (or never auto-read)', function () {
    const never = aUser({ user_id: 30, settings: { ...other.settings, resolved_topic_notice_auto_read_policy: 'never' } });
    const ctx = { ...editContext(), users: new Map([...users, never].map((user) => [user.user_id, user])) };
    const given = facts({ topicPolicies: new Map([[owner.user_id, 3], [moderator.user_id, 2]]) });
    expect(noticesOf({ topic: '✔ lunch', propagate_mode: 'change_all' }, given, ctx)).to.deep.equal([
      { place: { channel_id: 10, topic: '✔ lunch' }, content: `${who} marked this topic as resolved.`, read: { except: [owner.user_id, never.user_id] } },
    ]);
    const resolved = facts({ message: aMessage({ recipient: { type: 'channel', channel_id: 10, topic: '✔ lunch' } }) });
    expect(noticesOf({ topic: 'lunch' }, resolved)[0].content).to.equal(`${who} marked this topic as unresolved.`);
  });
});

describe('resolveToggle and decideNotice', function () {
  it('knows resolving and unresolving from other renames', function () {
    expect(resolveToggle('lunch', '✔ lunch')).to.equal('resolved');
    expect(resolveToggle('✔ lunch', 'lunch')).to.equal('unresolved');
    expect(resolveToggle('✔ ✔lunch', 'lunch')).to.equal('unresolved');
    expect(resolveToggle('lunch', '✔ dinner')).to.equal(null);
    expect(resolveToggle('✔ lunch', '✔ ✔ lunch')).to.equal(null);
  });

  it('a notice is a message from the bot to the active subscribers, read as the draft says', function () {
    const sent = decideNotice(editContext(), {
      message_id: 500,
      bot,
      draft: { place: { channel_id: 10, topic: 'lunch' }, content: 'moved', read: { except: [owner.user_id] } },
      subscribers: [owner.user_id, member.user_id, 21],
      rendered: renders()('moved'),
    });
    expect(sent.data).to.deep.include({ message_id: 500, sender_id: bot.user_id, receivers: [owner.user_id, member.user_id, bot.user_id], read: [member.user_id, bot.user_id] });
  });
});
