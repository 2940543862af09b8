import { EMPTY_TOPIC_DISPLAY_NAME, type ChannelState, type MessageReaction, type MessageState, type UserState } from '@chat/core';
import { apiEmail, avatarUrl } from './user-view.js';

/** What a message record needs besides the message: who is who, which channel is which. */
export interface MessageLookups {
  users: ReadonlyMap<number, UserState>;
  channels: ReadonlyMap<number, ChannelState>;
  realmHost: string;
  /** The links in a topic name (the organization's linkifiers and bare URLs); none when not given. */
  topicLinks?: (topic: string) => { text: string; url: string }[];
}

/** How one client asked for messages: raw Markdown or HTML, gravatar computed locally, the empty topic spelled out. */
export interface MessageShape {
  applyMarkdown: boolean;
  clientGravatar: boolean;
  emptyTopicName: boolean;
}

/** The record in the canonical shape (HTML, avatar URL, empty topic as ""), plus the raw Markdown. */
export interface MessageRecord {
  record: Record<string, unknown>;
  /** The Markdown source, for clients that ask for it (apply_markdown=false). */
  source: string;
  /** Whether the sender's avatar is a gravatar a client may compute itself. */
  gravatar: boolean;
}

const person = (user: UserState | undefined, id: number, host: string): Record<string, unknown> => ({
  id,
  email: user ? apiEmail(user, host) : `user${id}@${host}`,
  full_name: user?.full_name ?? 'Unknown user',
  is_mirror_dummy: false,
});

/** A reaction on a message: the emoji and who reacted (the deprecated `user` object is gone at this feature level). */
export function reactionView(reaction: MessageReaction): Record<string, unknown> {
  return {
    emoji_name: reaction.emoji_name,
    emoji_code: reaction.emoji_code,
    reaction_type: reaction.reaction_type,
    user_id: reaction.user_id,
  };
}

/** A message record as GET /messages and the message event carry it, in the canonical shape. */
export function messageRecord(message: MessageState & { recipient_id: number }, lookups: MessageLookups): MessageRecord {
  const sender = lookups.users.get(message.sender_id);
  const host = lookups.realmHost;
  const record: Record<string, unknown> = {
    id: message.id,
    sender_id: message.sender_id,
    sender_full_name: sender?.full_name ?? 'Unknown user',
    sender_email: sender ? apiEmail(sender, host) : `user${message.sender_id}@${host}`,
    sender_realm_str: '',
    avatar_url: sender ? avatarUrl(sender, false) : null,
    client: message.client,
    content: message.rendered_content,
    content_type: 'text/html',
    recipient_id: message.recipient_id,
    timestamp: Math.floor(message.date_sent / 1000),
    is_me_message: message.is_me_message,
    reactions: message.reactions.map(reactionView),
    submessages: [],
    topic_links: [],
  };
  if (message.recipient.type === 'channel') {
    const channel = lookups.channels.get(message.recipient.channel_id);
    record.type = 'stream';
    record.stream_id = message.recipient.channel_id;
    record.display_recipient = channel?.name ?? '';
    record.subject = message.recipient.topic;
    record.topic_links = lookups.topicLinks?.(message.recipient.topic) ?? [];
  } else {
    record.type = 'private';
    record.display_recipient = message.recipient.user_ids.map((id) => person(lookups.users.get(id), id, host));
    record.subject = '';
  }
  if (message.last_edit_timestamp !== null) record.last_edit_timestamp = Math.floor(message.last_edit_timestamp / 1000);
  if (message.last_moved_timestamp !== null) record.last_moved_timestamp = Math.floor(message.last_moved_timestamp / 1000);
  if (message.edit_history.length > 0) record.edit_history = message.edit_history.map((edit) => ({ ...edit, timestamp: Math.floor(edit.timestamp / 1000) }));
  return { record, source: message.content, gravatar: sender !== undefined };
}

/** An edit history entry with the empty topic spelled by its display name, for clients that cannot show "". */
function spellEmptyTopics(entry: Record<string, unknown>): Record<string, unknown> {
  const spelled = { ...entry };
  for (const field of ['prev_topic', 'topic']) if (spelled[field] === '') spelled[field] = EMPTY_TOPIC_DISPLAY_NAME;
  return spelled;
}

/** The record one client sees: Markdown or HTML, avatar left to the client, the empty topic's display name. */
export function shapeMessage(found: MessageRecord, shape: MessageShape): Record<string, unknown> {
  const record = { ...found.record };
  if (!shape.applyMarkdown) {
    record.content = found.source;
    record.content_type = 'text/x-markdown';
  }
  if (shape.clientGravatar && found.gravatar) record.avatar_url = null;
  if (!shape.emptyTopicName && record.type === 'stream' && record.subject === '') record.subject = EMPTY_TOPIC_DISPLAY_NAME;
  if (!shape.emptyTopicName && Array.isArray(record.edit_history)) record.edit_history = record.edit_history.map(spellEmptyTopics);
  return record;
}

/** Where a message event keeps what per-client shaping needs; never sent to a client. */
export const SHAPING = '__shaping';

interface ShapingData {
  source: string;
  gravatar: boolean;
}

/** A message event in the canonical shape; `shapeEvent` makes each client's version of it. */
export function messageEvent(found: MessageRecord, flags: string[], extra: Record<string, unknown> = {}): { type: 'message'; [field: string]: unknown } {
  const shaping: ShapingData = { source: found.source, gravatar: found.gravatar };
  return { type: 'message', message: found.record, flags, ...extra, [SHAPING]: shaping };
}

/** A name for a shape: clients asking for equal shapes receive the same bytes. */
export const shapeKey = (shape: MessageShape): string => `${shape.applyMarkdown ? 1 : 0}${shape.clientGravatar ? 1 : 0}${shape.emptyTopicName ? 1 : 0}`;

/** Whether an event differs between clients that asked for different shapes. */
export const isShaped = (event: { [field: string]: unknown }): boolean => SHAPING in event;

/** The version of a shaped event one client receives, and a key naming that version (for caching). */
export function shapeEvent(event: { readonly [field: string]: unknown }, shape: MessageShape): { key: string; event: Record<string, unknown> } {
  const { [SHAPING]: data, ...rest }: Record<string, unknown> = event;
  const shaping = data as ShapingData;
  if (rest.type === 'message') {
    const message = rest.message as Record<string, unknown>;
    rest.message = shapeMessage({ record: message, source: shaping.source, gravatar: shaping.gravatar }, shape);
  }
  return { key: shapeKey(shape), event: rest };
}
