import type { MessageRecipient } from '../events/message-recipient.js';

export type { MessageRecipient } from '../events/message-recipient.js';

/** One earlier state of a message, newest first in `edit_history` as the public API orders it. */
export interface MessageEdit {
  /** Milliseconds since the epoch. */
  timestamp: number;
  user_id: number | null;
  prev_content?: string;
  prev_rendered_content?: string;
  prev_topic?: string;
  topic?: string;
  prev_stream?: number;
  stream?: number;
}

export interface MessageReaction {
  emoji_name: string;
  emoji_code: string;
  reaction_type: string;
  user_id: number;
}

/** A message as the read model holds it. */
export interface MessageState {
  id: number;
  sender_id: number;
  recipient: MessageRecipient;
  content: string;
  rendered_content: string;
  /** Milliseconds since the epoch. */
  date_sent: number;
  client: string;
  is_me_message: boolean;
  last_edit_timestamp: number | null;
  last_moved_timestamp: number | null;
  edit_history: MessageEdit[];
  reactions: MessageReaction[];
}

/** A user's visibility policy for one topic (0 none, 1 muted, 2 unmuted, 3 followed). */
export interface UserTopicState {
  user_id: number;
  channel_id: number;
  /** The topic as the user last set its policy. */
  topic: string;
  visibility_policy: number;
  /** Seconds since the epoch. */
  last_updated: number;
}

/**
 * A message as plain data, in the read model's field order, its body read by name: a message may keep
 * its body behind getters of its class (the messages projection's SentMessageState), which a spread
 * leaves out.
 */
export const messageData = (message: MessageState): MessageState => ({
  id: message.id,
  sender_id: message.sender_id,
  recipient: message.recipient,
  content: message.content,
  rendered_content: message.rendered_content,
  date_sent: message.date_sent,
  client: message.client,
  is_me_message: message.is_me_message,
  last_edit_timestamp: message.last_edit_timestamp,
  last_moved_timestamp: message.last_moved_timestamp,
  edit_history: message.edit_history,
  reactions: message.reactions,
});
