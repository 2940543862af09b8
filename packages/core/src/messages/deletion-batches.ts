import type { MessageDeletionReason, MessagesDeleted } from '../events/message-deletion-events.js';
import type { MessageRecipient, MessageState } from './message-state.js';
import { DELETE_TOPIC_BATCH_SIZE } from './delete-topic.js';

/** Where a message is, as a deletion groups messages: a channel's topic (any case) or a direct conversation. */
function placeOf(recipient: MessageRecipient): string {
  if (recipient.type === 'channel') return `c${recipient.channel_id}:${recipient.topic.toLowerCase()}`;
  return `d${[...recipient.user_ids].sort((a, b) => a - b).join(',')}`;
}

/**
 * Messages to delete in the groups one `MessagesDeleted` holds: one channel topic or one direct
 * conversation each, at most `size` messages, ascending by id within a group and groups in order of
 * their first message, so the same messages always give the same events.
 */
export function deletionGroups(messages: readonly MessageState[], size = DELETE_TOPIC_BATCH_SIZE): MessageState[][] {
  const places = new Map<string, MessageState[]>();
  for (const message of [...messages].sort((a, b) => a.id - b.id)) {
    const place = placeOf(message.recipient);
    places.set(place, [...(places.get(place) ?? []), message]);
  }
  const groups: MessageState[][] = [];
  for (const group of places.values()) for (let at = 0; at < group.length; at += size) groups.push(group.slice(at, at + size));
  return groups;
}

/** The deletion of one group, under its newest message's place (a topic as last written there). */
export function groupDeleted(group: readonly MessageState[], holders: readonly number[], attachmentIds: readonly number[], reason: MessageDeletionReason): MessagesDeleted {
  if (group.length === 0) throw new Error('a deletion needs at least one message');
  const newest = group.reduce((a, b) => (b.id > a.id ? b : a));
  return {
    type: 'MessagesDeleted',
    data: {
      message_ids: group.map((message) => message.id).sort((a, b) => a - b),
      recipient: newest.recipient,
      holders: [...new Set(holders)].sort((a, b) => a - b),
      attachment_ids: [...new Set(attachmentIds)].sort((a, b) => a - b),
      reason,
    },
  };
}
