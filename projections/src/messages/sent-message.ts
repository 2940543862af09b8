import { clientName, contentBits, FlagBit, type MessageState, type StoredEventOf } from '@chat/core';

/** What a message says (a send's data carries it). */
interface MessageBody {
  content: string;
  rendered_content: string;
}

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
  const message = {
    id: data.message_id,
    sender_id: data.sender_id,
    recipient: data.recipient,
    content: '',
    rendered_content: '',
    date_sent: event.metadata.occurred_at,
    client: clientName(event.metadata.client),
    is_me_message: data.is_me_message,
    last_edit_timestamp: null,
    last_moved_timestamp: null,
    edit_history: [],
    reactions: [],
  } satisfies MessageState;
  readFromEvent(message, data);
  return { message, flags: flagsOf(data) };
}

/** Where the body getters find the event's data: hidden, so neither a spread nor JSON carries it. */
const EVENT_DATA = Symbol('event data');

interface BodyOf {
  [EVENT_DATA]: MessageBody;
}

/** One getter per field for every message (see readFromEvent). */
const bodyGetters = {
  content: { configurable: true, enumerable: true, get: function (this: BodyOf): string { return this[EVENT_DATA].content; } },
  rendered_content: { configurable: true, enumerable: true, get: function (this: BodyOf): string { return this[EVENT_DATA].rendered_content; } },
} as const;

/**
 * Makes the message's body read from the event's data when asked, in place (its fields keep their
 * order). The body is read only if the store keeps it (a store without the log, or a live one caching
 * it): a replay of a sealed log never decrypts a message's text here (docs/topics/forgetting.md).
 * The getters are shared functions, not a closure per message: with an object literal's `get` (new
 * functions for every send, closing over its data) every young collection kept each send's event
 * alive until the next promoted it, though nothing reached it after its send (measured, not traced
 * into V8: likely the accessor pairs, which outlive a young collection): a replay promoted nearly
 * every event it read (docs/topics/benchmark.md, "The replay's young collections").
 */
function readFromEvent(message: MessageState, data: MessageBody): void {
  Object.defineProperty(message, EVENT_DATA, { value: data, enumerable: false, configurable: false, writable: false });
  Object.defineProperties(message, bodyGetters);
}

/** Each receiver's flag bits (content flags, and read for those who read it at once), in the event's receiver order. */
function flagsOf(data: StoredEventOf<'MessageSent'>['data']): Uint8Array {
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
