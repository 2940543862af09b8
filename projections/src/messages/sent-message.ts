import { clientName, contentBits, FlagBit, type MessageEdit, type MessageReaction, type MessageRecipient, type MessageState, type StoredEventOf } from '@chat/core';

/** What a `MessageSent` stores: the message, and each receiver's flag bits in the event's receiver order. */
export interface SentRows {
  message: MessageState;
  flags: Uint8Array;
}

type SentData = StoredEventOf<'MessageSent'>['data'];

/**
 * The message a send brings and the flags each receiver holds it with (content flags, and read for
 * those who read it at once): worked out here only, by the messages projection, which hands them on
 * (EventFacts.sent).
 */
export function sentRows(event: StoredEventOf<'MessageSent'>): SentRows {
  return { message: new SentMessageState(event), flags: flagsOf(event.data) };
}

/**
 * A sent message whose body is read from the event's data only when asked: the store reads it only
 * if it keeps it (a store without the log, or a live one caching it), so a replay of a sealed log
 * never decrypts a message's text here (docs/topics/forgetting.md). The body is the class's getters,
 * not the object's own: a spread or JSON of it leaves the body out (`messageData` copies it), the
 * price of a cheap message. An object literal with getters (two new functions per send) made every
 * young collection keep each send's event alive until the next promoted it; shared getters defined
 * on each message cost microseconds a send (docs/topics/benchmark.md, "The replay's young collections").
 */
export class SentMessageState implements MessageState {
  id: number;
  sender_id: number;
  recipient: MessageRecipient;
  date_sent: number;
  client: string;
  is_me_message: boolean;
  last_edit_timestamp: number | null = null;
  last_moved_timestamp: number | null = null;
  edit_history: MessageEdit[] = [];
  reactions: MessageReaction[] = [];
  readonly #data: SentData;

  constructor(event: StoredEventOf<'MessageSent'>) {
    const data = event.data;
    this.#data = data;
    this.id = data.message_id;
    this.sender_id = data.sender_id;
    this.recipient = data.recipient;
    this.date_sent = event.metadata.occurred_at;
    this.client = clientName(event.metadata.client);
    this.is_me_message = data.is_me_message;
  }

  get content(): string {
    return this.#data.content;
  }

  get rendered_content(): string {
    return this.#data.rendered_content;
  }
}

/** Each receiver's flag bits (content flags, and read for those who read it at once), in the event's receiver order. */
function flagsOf(data: SentData): Uint8Array {
  const bitsOf = contentBits(data.flags);
  const isRead = memberTest(data.read);
  const flags = new Uint8Array(data.receivers.length);
  for (let index = 0; index < flags.length; index++) {
    const userId = data.receivers[index];
    flags[index] = bitsOf(userId) | (isRead(userId) ? FlagBit.read : 0);
  }
  return flags;
}

/** Membership in a list of user ids: a scan for the usual few (the sender), a set for a long list. */
function memberTest(userIds: readonly number[]): (userId: number) => boolean {
  if (userIds.length <= 8) return (userId) => userIds.includes(userId);
  const set = new Set(userIds);
  return (userId) => set.has(userId);
}
