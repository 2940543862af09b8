import type { MessageRecipient } from '../messages/message-state.js';

/** Push bodies carry at most this many characters of the message's text, as the public server does. */
export const PUSH_CONTENT_LENGTH = 200;

/** What a message push says, the same for every receiver but `user_id`. */
export interface MessagePushFacts {
  realm_name: string;
  realm_url: string;
  message_id: number;
  sender: { user_id: number; email: string; full_name: string };
  recipient: MessageRecipient;
  /** The channel's name for a channel message. */
  channel_name: string | null;
  rendered_content: string;
  /** When the message was sent, milliseconds since the epoch. */
  sent_at: number;
}

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'", nbsp: ' ' };

/**
 * The message's text as a notification shows it: the rendered HTML without markup (so a mention reads
 * `@Name`, not its Markdown), blank runs collapsed, cut at PUSH_CONTENT_LENGTH characters with `…`.
 */
export function pushContent(renderedHtml: string): { content: string; truncated: boolean } {
  const text = renderedHtml
    .replace(/<(?:br|\/(?:p|div|li|blockquote|pre|h[1-6]|tr|td|th))\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|#x27|nbsp);/g, (_, name: string) => ENTITIES[name] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  const characters = [...text];
  if (characters.length <= PUSH_CONTENT_LENGTH) return { content: text, truncated: false };
  return { content: `${characters.slice(0, PUSH_CONTENT_LENGTH - 1).join('')}…`, truncated: true };
}

/**
 * The payload of a message push (`event: "message"`). Like every push it names the organization
 * (`realm_name`, `realm_url`) and the user it is for; `time` is in UNIX seconds. A channel message
 * names its channel and topic; a direct message to more than one other person lists everyone in
 * `recipient_user_ids`.
 */
export function messagePushPayload(facts: MessagePushFacts, userId: number): Record<string, unknown> {
  const { content, truncated } = pushContent(facts.rendered_content);
  const where =
    facts.recipient.type === 'channel'
      ? { recipient_type: 'channel', channel_id: facts.recipient.channel_id, channel_name: facts.channel_name ?? '', topic: facts.recipient.topic }
      : { recipient_type: 'direct', ...(facts.recipient.user_ids.length > 2 ? { recipient_user_ids: facts.recipient.user_ids } : {}) };
  return {
    event: 'message',
    realm_name: facts.realm_name,
    realm_url: facts.realm_url,
    user_id: userId,
    message_id: facts.message_id,
    sender_id: facts.sender.user_id,
    sender_email: facts.sender.email,
    sender_full_name: facts.sender.full_name,
    ...where,
    content,
    content_truncated: truncated,
    time: Math.floor(facts.sent_at / 1000),
  };
}
