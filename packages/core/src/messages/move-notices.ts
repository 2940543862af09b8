import type { AccessWorld } from '../channels/channel-access.js';
import type { MessageSent } from '../events/message-events.js';
import type { TopicPlace } from '../events/message-edit-events.js';
import type { UserState } from '../users/user-state.js';
import { silentMention } from './bot-messages.js';
import { contentFlags, type RenderedContent } from './content-flags.js';
import { VisibilityPolicy } from './visibility-policy.js';

/**
 * An automated notice the notification bot posts to a topic, decided with the edit that causes it;
 * it gets its message id (and so its event) once the edit is decided.
 */
export interface NoticeDraft {
  place: TopicPlace;
  content: string;
  /** Who starts with the notice read: only these users, or every receiver but these. */
  read: { only: number[] } | { except: number[] };
}

/** What a notice's text says about a move; channel names are looked up by the caller. */
export interface MoveFacts {
  actor: UserState;
  from: TopicPlace & { channel_name: string };
  to: TopicPlace & { channel_name: string };
  count: number;
  /** The first moved message, which a notice about a single message links to. */
  first_id: number;
  /** Every message of the old topic the mover could read moved. */
  whole_topic: boolean;
  /** The new topic held no message the mover could read before. */
  new_topic_was_empty: boolean;
}

/** The place alone, without the channel's name. */
const placeOf = ({ channel_id, topic }: TopicPlace): TopicPlace => ({ channel_id, topic });
const topicLink = (place: { channel_name: string; topic: string }): string => `#**${place.channel_name}>${place.topic}**`;

/** The notice in the topic the messages left. */
export function oldThreadNotice(facts: MoveFacts): NoticeDraft {
  const who = silentMention(facts.actor);
  const where = topicLink(facts.to);
  const content = facts.whole_topic
    ? `${who} moved this topic to ${where}.`
    : facts.count === 1
      ? `${who} moved a message from this topic to ${where}.`
      : `${who} moved ${facts.count} messages from this topic to ${where}.`;
  return { place: placeOf(facts.from), content, read: { only: [facts.actor.user_id] } };
}

/** The notice in the topic the messages arrived in. */
export function newThreadNotice(facts: MoveFacts): NoticeDraft {
  const who = silentMention(facts.actor);
  const origin = topicLink(facts.from);
  const content =
    facts.whole_topic && facts.new_topic_was_empty
      ? `${who} moved this topic here from ${origin}.`
      : facts.count === 1
        ? `${who} moved a message (#**${facts.to.channel_name}>${facts.to.topic}@${facts.first_id}**) here from ${origin}.`
        : `${who} moved ${facts.count} messages here from ${origin}.`;
  return { place: placeOf(facts.to), content, read: { only: [facts.actor.user_id] } };
}

/**
 * The notice that a topic was resolved or unresolved. It starts unread only for the users whose
 * `resolved_topic_notice_auto_read_policy` asks for it (never, or except in topics they follow); the
 * user who did it has it read.
 */
export function resolveNotice(
  world: AccessWorld,
  actor: UserState,
  place: TopicPlace,
  toggle: 'resolved' | 'unresolved',
  topicPolicies: ReadonlyMap<number, number>,
): NoticeDraft {
  const unread: number[] = [];
  for (const user of world.users.values()) {
    if (user.user_id === actor.user_id || user.is_bot) continue;
    const policy = user.settings.resolved_topic_notice_auto_read_policy;
    const follows = topicPolicies.get(user.user_id) === VisibilityPolicy.Followed;
    if (policy === 'never' || (policy === 'except_followed' && follows)) unread.push(user.user_id);
  }
  return { place, content: `${silentMention(actor)} marked this topic as ${toggle}.`, read: { except: unread.sort((a, b) => a - b) } };
}

/**
 * A notice as a message from the bot: to the active subscribers of its channel (and the bot, which
 * every message's history holds for its sender), with the flags its content gives them.
 */
export function decideNotice(
  world: AccessWorld,
  input: { message_id: number; bot: UserState; draft: NoticeDraft; subscribers: readonly number[]; rendered: RenderedContent },
): MessageSent {
  const { draft, bot, rendered } = input;
  const active = input.subscribers.filter((id) => world.users.get(id)?.is_active === true);
  const receivers = [...new Set([...active, bot.user_id])].sort((a, b) => a - b);
  const spec = draft.read;
  const read = 'only' in spec ? receivers.filter((id) => spec.only.includes(id)) : receivers.filter((id) => !spec.except.includes(id));
  return {
    type: 'MessageSent',
    data: {
      message_id: input.message_id,
      sender_id: bot.user_id,
      recipient: { type: 'channel', channel_id: draft.place.channel_id, topic: draft.place.topic },
      content: draft.content,
      rendered_content: rendered.html,
      is_me_message: false,
      receivers,
      read,
      flags: contentFlags({
        world,
        receivers,
        authorId: bot.user_id,
        content: draft.content,
        rendered,
        topicParticipants: [],
        alertWords: new Map(),
        hasAlertWord: () => false,
      }),
    },
  };
}
