import { type MessageState, RESOLVED_TOPIC_PREFIX } from '@chat/core';
import { type MessagePredicate, topicKey } from './message-store.js';

const searchable = (message: MessageState): string =>
  `${message.content}\n${message.recipient.type === 'channel' ? message.recipient.topic : ''}`.toLowerCase();

function has(message: MessageState, what: 'link' | 'image' | 'attachment' | 'reaction'): boolean {
  switch (what) {
    case 'reaction':
      return message.reactions.length > 0;
    case 'link':
      return message.rendered_content.includes('<a ');
    case 'image':
      return message.rendered_content.includes('<img ');
    case 'attachment':
      return message.rendered_content.includes('/user_uploads/');
  }
}

/**
 * Whether a message meets one condition, for a user whose flag bits for it are `bits`. Every adapter
 * that cannot push a condition into its database evaluates it here, so the meaning is one.
 */
export function matchesPredicate(message: MessageState, bits: number, pred: MessagePredicate): boolean {
  const recipient = message.recipient;
  switch (pred.op) {
    case 'channel':
      return recipient.type === 'channel' && recipient.channel_id === pred.channelId;
    case 'channels':
      return recipient.type === 'channel' && pred.channelIds.includes(recipient.channel_id);
    case 'topic':
      return recipient.type === 'channel' && topicKey(recipient.topic) === topicKey(pred.topic);
    case 'direct':
      return recipient.type === 'direct';
    case 'conversation':
      return (
        recipient.type === 'direct' &&
        recipient.user_ids.length === new Set(pred.userIds).size &&
        pred.userIds.every((id) => recipient.user_ids.includes(id))
      );
    case 'dm-including':
      return recipient.type === 'direct' && recipient.user_ids.includes(pred.userId);
    case 'sender':
      return message.sender_id === pred.userId;
    case 'flags':
      return (bits & pred.bits) !== 0;
    case 'ids':
      return pred.ids.includes(message.id);
    case 'search': {
      const text = searchable(message);
      return pred.words.every((word) => text.includes(word.toLowerCase()));
    }
    case 'resolved':
      return recipient.type === 'channel' && recipient.topic.startsWith(RESOLVED_TOPIC_PREFIX);
    case 'has':
      return has(message, pred.what);
    case 'not':
      return !matchesPredicate(message, bits, pred.of);
  }
}
