import { type MessageState, RESOLVED_TOPIC_PREFIX } from '@chat/core';
import { searchTerms, textMatches } from '../search/search-text.js';
import { type MessagePredicate, topicKey } from './message-store.js';

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
    case 'search':
      return textMatches(searchTerms(pred.words), recipient.type === 'channel' ? recipient.topic : '', message.rendered_content);
    case 'resolved':
      return recipient.type === 'channel' && recipient.topic.startsWith(RESOLVED_TOPIC_PREFIX);
    case 'has':
      return has(message, pred.what);
    case 'not':
      return !matchesPredicate(message, bits, pred.of);
  }
}

/** Whether a condition reads a message's body (content or rendered content). */
export function needsBody(where: readonly MessagePredicate[]): boolean {
  return where.some((pred) => {
    if (pred.op === 'search') return true;
    if (pred.op === 'has') return pred.what !== 'reaction';
    if (pred.op === 'not') return needsBody([pred.of]);
    return false;
  });
}
