import type { MessageRecipient } from './message-recipient.js';
import type { VisibilityPolicyName } from './visibility-policy-name.js';

/** Per-recipient flags a message starts with (and that edits recompute), as lists of user ids. */
export interface ContentFlags {
  mentioned: number[];
  stream_wildcard_mentioned: number[];
  topic_wildcard_mentioned: number[];
  has_alert_word: number[];
}

/**
 * A message was sent. `receivers` are the users whose history it entered (the channel's subscribers
 * then, or the conversation's participants; the sender always), `read` those for whom it starts read.
 */
export interface MessageSent {
  type: 'MessageSent';
  data: {
    message_id: number;
    sender_id: number;
    recipient: MessageRecipient;
    content: string;
    rendered_content: string;
    is_me_message: boolean;
    receivers: number[];
    read: number[];
    flags: ContentFlags;
    /** The sender's queue doing local echo and the id it gave the message (its echo carries it back). */
    local_echo?: { queue_id: string; local_id: string };
  };
}

/** A user's visibility policy for a topic changed ('inherit' when their own policy was removed). Version 2: v1 numbered the policy 0–3. */
export interface UserTopicChanged {
  type: 'UserTopicChanged';
  data: { user_id: number; channel_id: number; topic: string; visibility_policy: VisibilityPolicyName };
}

/**
 * A user set or cleared one of their flags on messages. `historical` lists the messages that entered
 * the user's history by this change (public messages they had not received). `all` marks the change
 * "every unread message read" (clients are told so rather than given the ids).
 */
export interface MessageFlagsChanged {
  type: 'MessageFlagsChanged';
  data: { user_id: number; op: 'add' | 'remove'; flag: string; message_ids: number[]; historical: number[]; all?: boolean };
}

export type MessageEvent = MessageSent | UserTopicChanged | MessageFlagsChanged;

declare module './index.js' {
  interface DomainEventKinds {
    MessageEvent: MessageEvent;
  }
}
