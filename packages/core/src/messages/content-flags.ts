import { ApiError, badRequest } from '../errors.js';
import type { ContentFlags } from '../events/message-events.js';
import type { AccessWorld } from '../channels/channel-access.js';
import { effectiveMembers, isUserInSetting } from '../groups/group-setting.js';

/** Mentions with at most this many people reached go through without can_mention_many_users_group. */
export const WILDCARD_MENTION_THRESHOLD = 15;

/** What rendering found in the content (the renderer lives outside the domain). */
export interface RenderedContent {
  html: string;
  mentioned_user_ids: readonly number[];
  mentioned_group_ids: readonly number[];
  stream_wildcard: boolean;
  topic_wildcard: boolean;
  is_me_message: boolean;
}

/** Who may write what a content mentions: the author, and how many people a wildcard would reach. */
export interface MentionAuthor {
  world: AccessWorld;
  authorId: number;
}

/** Refuses group mentions the author may not make (the group's can_mention_group). */
export function checkGroupMentions(author: MentionAuthor, rendered: RenderedContent): void {
  for (const groupId of rendered.mentioned_group_ids) {
    const group = author.world.groups.get(groupId);
    if (!group || group.deactivated) continue;
    if (!isUserInSetting(author.world, group.settings.can_mention_group, author.authorId)) {
      throw badRequest(`You are not allowed to mention user group '${group.name}'.`);
    }
  }
}

/**
 * Refuses wildcard mentions reaching more than the threshold (the channel's subscribers for a channel
 * wildcard, the topic's participants for a topic wildcard) from authors outside can_mention_many_users_group.
 */
export function checkWildcardMentions(author: MentionAuthor, rendered: RenderedContent, subscribers: number, participants: number): void {
  const channelWide = rendered.stream_wildcard && subscribers > WILDCARD_MENTION_THRESHOLD;
  const topicWide = rendered.topic_wildcard && participants > WILDCARD_MENTION_THRESHOLD;
  // The setting is asked only of a wildcard that needs it: working out its group cost every send
  // (0.23 ms of each send to a channel of 100 members in the capacity profile).
  if ((!channelWide && !topicWide) || isUserInSetting(author.world, author.world.realm.can_mention_many_users_group, author.authorId)) return;
  if (channelWide) {
    throw new ApiError('STREAM_WILDCARD_MENTION_NOT_ALLOWED', 400, 'You do not have permission to use channel wildcard mentions in this channel.');
  }
  throw new ApiError('TOPIC_WILDCARD_MENTION_NOT_ALLOWED', 400, 'You do not have permission to use topic wildcard mentions in this topic.');
}

/** The users a mention reaches: those named, and the members of the (active) groups named. */
export function mentionedUsers(world: AccessWorld, rendered: RenderedContent): Set<number> {
  const mentioned = new Set(rendered.mentioned_user_ids);
  for (const groupId of rendered.mentioned_group_ids) {
    const group = world.groups.get(groupId);
    if (!group || group.deactivated) continue;
    for (const userId of effectiveMembers(world, groupId)) mentioned.add(userId);
  }
  return mentioned;
}

/** Whom a topic wildcard reaches: the topic's participants and the author; nobody in a direct conversation. */
export const topicReach = (topicParticipants: readonly number[] | null, authorId: number): Set<number> =>
  new Set(topicParticipants === null ? [] : [...topicParticipants, authorId]);

export interface FlagInputs {
  world: AccessWorld;
  /** Whose history holds the message: each gets the flags the content gives them. */
  receivers: readonly number[];
  authorId: number;
  content: string;
  rendered: RenderedContent;
  /** Users who have sent to the topic (a topic wildcard reaches them and the author); null for a direct message. */
  topicParticipants: readonly number[] | null;
  alertWords: ReadonlyMap<number, readonly string[]>;
  hasAlertWord: (content: string, words: readonly string[]) => boolean;
}

/**
 * The content-derived flags of each receiver, computed at send and again at each content edit:
 * mentioned (directly or through a group), both wildcards, and alert words (never the author's own).
 */
export function contentFlags(input: FlagInputs): ContentFlags {
  const { receivers, rendered, authorId } = input;
  const mentioned = mentionedUsers(input.world, rendered);
  const participants = topicReach(input.topicParticipants, authorId);
  return {
    mentioned: receivers.filter((id) => mentioned.has(id)),
    stream_wildcard_mentioned: rendered.stream_wildcard ? [...receivers] : [],
    topic_wildcard_mentioned: rendered.topic_wildcard ? receivers.filter((id) => participants.has(id)) : [],
    has_alert_word: receivers.filter((id) => id !== authorId && input.hasAlertWord(input.content, input.alertWords.get(id) ?? [])),
  };
}
