import { FlagBit, type MessageRecipient, type MessageState } from '@chat/core';
import { matchesPredicate, type MessagePredicate } from '@chat/readstore';
import type { ClientEvent, EventQueue, NarrowTerm } from '@chat/realtime';
import { SHAPING } from '@chat/wire';
import { clausesOfTerms, idOperand, type NarrowClause, narrowError } from './narrow-clauses.js';
import { type NarrowWorld, translateNarrow } from './narrow-translation.js';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const objects = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isObject) : []);
const lower = (value: unknown): string => String(value).trim().toLowerCase();

/** Clauses a queue's narrow cannot use: they need more than the message event (shared channels, followed topics, other messages). */
function eventUnsupported(clause: NarrowClause): boolean {
  return clause.operator === 'channels' || clause.operator === 'with' || (clause.operator === 'is' && lower(clause.operand) === 'followed');
}

const unsupported = (what: string): never => {
  throw narrowError(`${what} is not supported for event queues`);
};

/**
 * The narrow world of one message event: the channel and users it names are the only ones known;
 * anything else gets an id no message has, so the clause simply does not match.
 */
function eventWorld(record: Json, viewerId: number): NarrowWorld {
  const people = [...objects(record.display_recipient), { id: record.sender_id, email: record.sender_email }];
  return {
    viewerId,
    channel(ref) {
      const named = record.type === 'stream' && (lower(record.display_recipient) === lower(ref) || idOperand(ref) === record.stream_id);
      return { id: named ? Number(record.stream_id) : -1, readsHistory: false };
    },
    sharedChannels: () => unsupported("'channels'"),
    user(ref) {
      const id = idOperand(ref);
      if (id !== undefined) return id;
      const found = people.find((person) => lower(person.email) === lower(ref));
      return found ? Number(found.id) : -1;
    },
    followedIds: () => unsupported("'is:followed'"),
  };
}

/** Refuses, at registration, a queue narrow that is invalid or needs more than the message events. */
export function checkEventNarrow(terms: readonly NarrowTerm[]): void {
  const clauses = clausesOfTerms(terms);
  const refused = clauses.find(eventUnsupported);
  if (refused) unsupported(`'${refused.operator}:${String(refused.operand)}'`);
  translateNarrow(clauses, eventWorld({}, 0));
}

function recipientOf(record: Json): MessageRecipient {
  if (record.type === 'stream') return { type: 'channel', channel_id: Number(record.stream_id), topic: String(record.subject ?? '') };
  return { type: 'direct', user_ids: objects(record.display_recipient).map((person) => Number(person.id)) };
}

/** The Markdown source a message event keeps for shaping; the HTML stripped of tags without one. */
function sourceOf(event: ClientEvent, html: string): string {
  const shaping = event[SHAPING];
  return isObject(shaping) && typeof shaping.source === 'string' ? shaping.source : html.replace(/<[^>]*>/g, '');
}

/** The message a `message` event carries, as the store's predicates read it, with the receiver's flag bits. */
export function eventMessage(event: ClientEvent): { message: MessageState; bits: number } | undefined {
  const record = event.message;
  if (!isObject(record)) return undefined;
  const html = String(record.content ?? '');
  const message: MessageState = {
    id: Number(record.id),
    sender_id: Number(record.sender_id),
    recipient: recipientOf(record),
    content: sourceOf(event, html),
    rendered_content: html,
    date_sent: Number(record.timestamp) * 1000,
    client: String(record.client ?? ''),
    is_me_message: record.is_me_message === true,
    last_edit_timestamp: null,
    last_moved_timestamp: null,
    edit_history: [],
    reactions: objects(record.reactions).map((reaction) => ({
      emoji_name: String(reaction.emoji_name),
      emoji_code: String(reaction.emoji_code),
      reaction_type: String(reaction.reaction_type),
      user_id: Number(reaction.user_id),
    })),
  };
  const names = Array.isArray(event.flags) ? event.flags : [];
  const bits = Object.entries(FlagBit).reduce((sum, [name, bit]) => (names.includes(name) ? sum | bit : sum), 0);
  return { message, bits };
}

/**
 * Whether an event reaches a queue registered with this narrow: every event but `message` does; a
 * message event when the message meets every clause, judged from the event alone. A narrow stored
 * before it could be checked, and that cannot be translated, lets everything through.
 */
export function eventMatchesNarrow(terms: readonly NarrowTerm[], viewerId: number, event: ClientEvent): boolean {
  if (event.type !== 'message' || terms.length === 0) return true;
  const found = eventMessage(event);
  const where = isObject(event.message) ? eventPredicates(terms, eventWorld(event.message, viewerId)) : null;
  return !found || !where || where.every((predicate) => matchesPredicate(found.message, found.bits, predicate));
}

function eventPredicates(terms: readonly NarrowTerm[], world: NarrowWorld): MessagePredicate[] | null {
  try {
    return translateNarrow(clausesOfTerms(terms), world).where;
  } catch {
    return null;
  }
}

/** The queue registry's narrow filter. */
export const queueNarrowFilter = (queue: EventQueue, event: ClientEvent): boolean => eventMatchesNarrow(queue.spec.narrow, queue.userId, event);
