import { createHash } from 'node:crypto';
import { hasContentAccess } from '../channels/channel-access.js';
import type { ChannelContext } from '../channels/channel-context.js';
import type { ChannelState } from '../channels/channel-state.js';
import { badRequest } from '../errors.js';
import type { ContentEdit, MessageContentEdited, MessagesMoved, PropagateMode, TopicPlace } from '../events/message-edit-events.js';
import { isUserInSetting } from '../groups/group-setting.js';
import type { RealmSettings } from '../realm/realm-settings.js';
import { checkGroupMentions, checkWildcardMentions, contentFlags, type RenderedContent, topicReach } from './content-flags.js';
import { canEditTopic, canMoveOutOfChannel, canResolveTopics, checkContentEditAllowed, exemptFromMoveLimits } from './edit-permissions.js';
import type { MessageState } from './message-state.js';
import { checkMoveTimeLimit, messagesToMove, moveLimitSeconds, resolvesEmptyTopic, resolveToggle, rowChanges, type TopicMessage } from './move-messages.js';
import { type MoveFacts, newThreadNotice, type NoticeDraft, oldThreadNotice, resolveNotice } from './move-notices.js';
import { canonicalTopic, checkContent, checkTopicForChannel } from './topic-rules.js';

/** What PATCH /messages/{id} asks, as sent (topics raw, as the client wrote them). */
export interface EditRequest {
  content?: string;
  topic?: string;
  stream_id?: number;
  propagate_mode: PropagateMode;
  send_notification_to_old_thread: boolean;
  send_notification_to_new_thread: boolean;
  prev_content_sha256?: string;
}

export interface EditContext extends ChannelContext {
  settings: RealmSettings;
  alertWords: ReadonlyMap<number, readonly string[]>;
  /** Milliseconds since the epoch. */
  now: number;
}

/** What the action read for the decision besides the world. */
export interface EditFacts {
  /** The message named, which the actor may read. */
  message: MessageState;
  /** Users holding a row for each message of the topic the move could take (the message named at least). */
  holders: ReadonlyMap<number, readonly number[]>;
  /** The message's topic as far as the actor may read it, ascending (empty for a direct message). */
  topic: readonly TopicMessage[];
  /** Users who have sent to the message's topic (a topic wildcard reaches them). */
  topicParticipants: readonly number[];
  /** Users' visibility policies for the message's topic, by user id. */
  topicPolicies: ReadonlyMap<number, number>;
  /** Ids the actor may read in the topic the messages would arrive in. */
  destination: readonly number[];
  render: (content: string) => RenderedContent;
  hasAlertWord: (content: string, words: readonly string[]) => boolean;
}

export interface EditDecision {
  event: MessageContentEdited | MessagesMoved;
  notices: NoticeDraft[];
}

export const sha256Hex = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/** An edit that empties a message leaves this, as the public server does. */
export const DELETED_CONTENT = '(deleted)';

/** The request's shape, before any permission: something to change, and only what the message allows. */
function checkRequest(message: MessageState, req: EditRequest, topic: string | undefined, channelId: number | undefined): void {
  if (message.recipient.type === 'direct') {
    if (req.stream_id !== undefined) throw badRequest("Invalid 'stream_id': a direct message cannot be moved to a channel.");
    if (req.topic !== undefined) throw badRequest("Invalid 'topic': direct messages have no topic.");
  }
  if (req.content === undefined && topic === undefined && channelId === undefined) {
    throw badRequest("Nothing to change: give 'content', 'topic' or 'stream_id'.");
  }
  if (req.propagate_mode !== 'change_one' && topic === undefined && channelId === undefined) {
    throw badRequest("Invalid 'propagate_mode': only change_one is valid when editing only the content.");
  }
  if (req.content !== undefined && req.stream_id !== undefined) {
    throw badRequest("'content' and 'stream_id' cannot be changed in one request: edit the content, then move the message.");
  }
  if (topic !== undefined && resolvesEmptyTopic(topic)) throw badRequest("Invalid 'topic': the general chat topic cannot be marked as resolved.");
  if (req.prev_content_sha256 !== undefined && req.prev_content_sha256.toLowerCase() !== sha256Hex(message.content)) {
    throw badRequest("Invalid 'prev_content_sha256': the message's content has changed since this client last read it.");
  }
}

/** The new content with its HTML and the flags it gives each holder, after the sender's permission and mention checks. */
function decideContent(ctx: EditContext, facts: EditFacts, raw: string): ContentEdit {
  const message = facts.message;
  checkContentEditAllowed(ctx.settings, ctx.actor, message, ctx.now);
  const content = raw.trim() === '' ? DELETED_CONTENT : checkContent(raw);
  const rendered = facts.render(content);
  const author = { world: ctx, authorId: message.sender_id };
  checkGroupMentions(author, rendered);
  const topicParticipants = message.recipient.type === 'channel' ? facts.topicParticipants : null;
  if (message.recipient.type === 'channel') {
    const subscribers = ctx.subscriptions.subscribers(message.recipient.channel_id).length;
    checkWildcardMentions(author, rendered, subscribers, topicReach(topicParticipants, message.sender_id).size);
  }
  return {
    content,
    rendered_content: rendered.html,
    prev_content: message.content,
    prev_rendered_content: message.rendered_content,
    is_me_message: rendered.is_me_message,
    flags: contentFlags({
      ...author,
      receivers: facts.holders.get(message.id) ?? [],
      content,
      rendered,
      topicParticipants,
      alertWords: ctx.alertWords,
      hasAlertWord: facts.hasAlertWord,
    }),
  };
}

/** The channel messages move into: one the actor may read and post to, not archived. */
function targetChannel(ctx: EditContext, channelId: number): ChannelState {
  const channel = ctx.channels.get(channelId);
  if (!channel || !hasContentAccess(ctx, channel, ctx.actor.user_id)) throw badRequest(`Invalid 'stream_id': no channel ${channelId}.`);
  if (channel.is_archived) throw badRequest(`Invalid 'stream_id': channel '${channel.name}' is archived.`);
  if (!isUserInSetting(ctx, channel.settings.can_send_message_group, ctx.actor.user_id)) {
    throw badRequest(`You do not have permission to post in channel '${channel.name}'.`);
  }
  return channel;
}

/** Unchanged values count as not given: a topic equal to the current one, the message's own channel. */
function requestedChanges(message: MessageState, req: EditRequest): { topic: string | undefined; channelId: number | undefined } {
  if (message.recipient.type !== 'channel') return { topic: undefined, channelId: undefined };
  const topic = req.topic === undefined ? undefined : canonicalTopic(req.topic);
  return {
    topic: topic === message.recipient.topic ? undefined : topic,
    channelId: req.stream_id === message.recipient.channel_id ? undefined : req.stream_id,
  };
}

/**
 * PATCH /messages/{id}: a content edit by the sender, a move of one message, of it and those after it,
 * or of its whole topic to another topic and/or channel (resolving and unresolving are renames with
 * their own permission), or a content edit with a rename. Decides the one event that records it and the
 * notices it causes.
 */
export function decideEditMessage(ctx: EditContext, facts: EditFacts, req: EditRequest): EditDecision {
  const message = facts.message;
  const { topic, channelId } = requestedChanges(message, req);
  checkRequest(message, req, topic, channelId);
  const recipient = message.recipient;
  if (recipient.type !== 'channel' || (topic === undefined && channelId === undefined)) {
    const edit = decideContent(ctx, facts, req.content ?? '');
    return { event: { type: 'MessageContentEdited', data: { message_id: message.id, ...edit } }, notices: [] };
  }

  const from = ctx.channels.get(recipient.channel_id);
  if (!from) throw badRequest('Invalid message(s)');
  const to = channelId === undefined ? from : targetChannel(ctx, channelId);
  const changesChannel = to.channel_id !== from.channel_id;
  const actorId = ctx.actor.user_id;
  const newTopic = checkTopicForChannel(topic ?? recipient.topic, to, ctx.settings);
  const toggle = topic === undefined ? null : resolveToggle(recipient.topic, topic);
  const renames = topic !== undefined && toggle === null;
  if (toggle !== null && !canResolveTopics(ctx, from, to, actorId)) throw badRequest("You don't have permission to resolve topics in this channel.");
  if (renames && !canEditTopic(ctx, from, to, actorId)) throw badRequest("You don't have permission to move this message to another topic.");
  const content_edit = req.content === undefined ? undefined : decideContent(ctx, facts, req.content);
  if (changesChannel && !canMoveOutOfChannel(ctx, from, actorId)) throw badRequest("You don't have permission to move this message to another channel.");
  const target: TopicMessage = { id: message.id, date_sent: message.date_sent };
  if (!exemptFromMoveLimits(ctx.actor)) {
    const limitSeconds = moveLimitSeconds(ctx.settings, renames, changesChannel);
    // Resolving alone is never limited by age, so the whole-topic check is for real moves.
    const mode = toggle === null ? req.propagate_mode : 'change_one';
    checkMoveTimeLimit({ limitSeconds, now: ctx.now, target, topic: facts.topic, mode });
  }

  const message_ids = messagesToMove(req.propagate_mode, message.id, facts.topic);
  const rows =
    !changesChannel
      ? { rows_removed: [], lost_access: [], rows_added: [] }
      : rowChanges(ctx, to, message_ids.flatMap((id) => facts.holders.get(id) ?? []), ctx.subscriptions.subscribers(to.channel_id));
  const fromPlace: TopicPlace = { channel_id: from.channel_id, topic: recipient.topic };
  const toPlace: TopicPlace = { channel_id: to.channel_id, topic: newTopic };
  const event: MessagesMoved = {
    type: 'MessagesMoved',
    data: { message_id: message.id, message_ids, from: fromPlace, to: toPlace, propagate_mode: req.propagate_mode, ...rows },
  };
  if (content_edit) event.data.content_edit = content_edit;

  const moved = new Set(message_ids);
  const moveFacts: MoveFacts = {
    actor: ctx.actor,
    from: { ...fromPlace, channel_name: from.name },
    to: { ...toPlace, channel_name: to.name },
    count: message_ids.length,
    first_id: message_ids[0],
    whole_topic: req.propagate_mode === 'change_all' || facts.topic.every((m) => moved.has(m.id)),
    new_topic_was_empty: facts.destination.every((id) => moved.has(id)),
  };
  const notices: NoticeDraft[] = [];
  const resolveNoticeSent = toggle !== null && !content_edit;
  if (resolveNoticeSent) notices.push(resolveNotice(ctx, ctx.actor, toPlace, toggle, facts.topicPolicies));
  if (req.send_notification_to_new_thread && (changesChannel || !resolveNoticeSent)) notices.push(newThreadNotice(moveFacts));
  if (req.send_notification_to_old_thread) notices.push(oldThreadNotice(moveFacts));
  return { event, notices };
}
