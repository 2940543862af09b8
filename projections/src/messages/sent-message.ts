import { clientName, contentBits, FlagBit, type MessageState, type StoredEventOf } from '@chat/core';

/** What a `MessageSent` stores: the message, and each receiver's flag bits in the event's receiver order. */
export interface SentRows {
  message: MessageState;
  flags: Uint8Array;
}

/**
 * The message a send brings and the flags each receiver holds it with (content flags, and read for
 * those who read it at once): worked out here only, by the messages projection, which hands them on
 * (EventFacts.sent).
 */
export function sentRows(event: StoredEventOf<'MessageSent'>): SentRows {
  const data = event.data;
  // The body is read only if the store keeps it (a store without the log, or a live one caching it):
  // a replay of a sealed log never decrypts a message's text here (docs/topics/forgetting.md).
  const message: MessageState = {
    id: data.message_id,
    sender_id: data.sender_id,
    recipient: data.recipient,
    get content() {
      return data.content;
    },
    get rendered_content() {
      return data.rendered_content;
    },
    date_sent: event.metadata.occurred_at,
    client: clientName(event.metadata.client),
    is_me_message: data.is_me_message,
    last_edit_timestamp: null,
    last_moved_timestamp: null,
    edit_history: [],
    reactions: [],
  };
  const bitsOf = contentBits(data.flags);
  const isRead = memberTest(data.read);
  const flags = new Uint8Array(data.receivers.length);
  for (let index = 0; index < flags.length; index++) {
    const userId = data.receivers[index];
    flags[index] = bitsOf(userId) | (isRead(userId) ? FlagBit.read : 0);
  }
  return { message, flags };
}

/** Membership in a list of user ids: a scan for the usual few (the sender), a set for a long list. */
function memberTest(userIds: readonly number[]): (userId: number) => boolean {
  if (userIds.length <= 8) return (userId) => userIds.includes(userId);
  const set = new Set(userIds);
  return (userId) => set.has(userId);
}
