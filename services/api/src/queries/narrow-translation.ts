import { canonicalTopic, FlagBit, MENTION_BITS, type MessageRecipient } from '@chat/core';
import type { MessagePredicate, MessageSource } from '@chat/readstore';
import { idOperand, type NarrowClause, narrowError, searchWords, singleOperand, userRefsOf } from './narrow-clauses.js';

/** A channel a narrow names, as the viewer knows it. */
export interface NarrowChannel {
  id: number;
  /** Whether the viewer may read messages of the channel they did not receive. */
  readsHistory: boolean;
}

export type SharedKind = 'public' | 'web-public';

/**
 * What translating a narrow needs to know, answered synchronously (the caller gathers it first).
 * `undefined` means unknown to the viewer, which is an error.
 */
export interface NarrowWorld {
  viewerId: number;
  channel(ref: string | number): NarrowChannel | undefined;
  /** Channels of this kind whose history the viewer may read. */
  sharedChannels(kind: SharedKind): readonly number[];
  user(ref: string | number): number | undefined;
  /** Ids of the messages in topics the viewer follows. */
  followedIds(): readonly number[];
}

/** A narrow as a store query: where to look, the conditions, and the words to highlight. */
export interface TranslatedNarrow {
  source: MessageSource;
  where: MessagePredicate[];
  search: string[];
}

const HAS_OPERANDS = ['link', 'image', 'attachment', 'reaction'] as const;
type HasOperand = (typeof HAS_OPERANDS)[number];
const isHasOperand = (value: string): value is HasOperand => (HAS_OPERANDS as readonly string[]).includes(value);

/** Messages the user has not read (outside their history everything reads as read). */
export const UNREAD: MessagePredicate = { op: 'not', of: { op: 'flags', bits: FlagBit.read } };

function isPredicate(operand: string, world: NarrowWorld): MessagePredicate {
  switch (operand) {
    case 'dm':
    case 'private':
      return { op: 'direct' };
    case 'starred':
      return { op: 'flags', bits: FlagBit.starred };
    case 'unread':
      return UNREAD;
    case 'mentioned':
      return { op: 'flags', bits: MENTION_BITS };
    case 'alerted':
      return { op: 'flags', bits: FlagBit.has_alert_word };
    case 'resolved':
      return { op: 'resolved' };
    case 'followed':
      return { op: 'ids', ids: world.followedIds() };
    default:
      throw narrowError(`unknown 'is' operand '${operand}'`);
  }
}

function knownUser(world: NarrowWorld, ref: string | number): number {
  const id = world.user(ref);
  if (id === undefined) throw narrowError(`unknown user '${ref}'`);
  return id;
}

function knownChannel(world: NarrowWorld, clause: NarrowClause): NarrowChannel {
  const ref = singleOperand(clause);
  const channel = world.channel(ref);
  if (!channel) throw narrowError(`unknown channel '${ref}'`);
  return channel;
}

function sharedKind(clause: NarrowClause): SharedKind {
  const kind = String(singleOperand(clause)).toLowerCase();
  if (kind === 'public' || kind === 'web-public') return kind;
  throw narrowError(`unknown 'channels' operand '${kind}'`);
}

/** The condition one clause puts on messages (before negation); null for clauses that only steer the view. */
function predicateOf(clause: NarrowClause, world: NarrowWorld): MessagePredicate | null {
  switch (clause.operator) {
    case 'channel':
      return { op: 'channel', channelId: knownChannel(world, clause).id };
    case 'channels':
      return { op: 'channels', channelIds: world.sharedChannels(sharedKind(clause)) };
    case 'topic':
      return { op: 'topic', topic: canonicalTopic(String(singleOperand(clause))) };
    case 'dm': {
      const ids = new Set(userRefsOf(clause.operand).map((ref) => knownUser(world, ref)));
      ids.add(world.viewerId);
      return { op: 'conversation', userIds: [...ids].sort((a, b) => a - b) };
    }
    case 'dm-including':
      return { op: 'dm-including', userId: knownUser(world, singleOperand(clause)) };
    case 'sender': {
      const ref = singleOperand(clause);
      return { op: 'sender', userId: ref === 'me' ? world.viewerId : knownUser(world, ref) };
    }
    case 'is':
      return isPredicate(String(singleOperand(clause)).toLowerCase(), world);
    case 'id': {
      const id = idOperand(singleOperand(clause));
      if (id === undefined) throw narrowError(`invalid message id '${String(clause.operand)}'`);
      return { op: 'ids', ids: [id] };
    }
    case 'search':
      return { op: 'search', words: searchWords(clause.operand) };
    case 'has': {
      const what = String(singleOperand(clause)).toLowerCase();
      if (!isHasOperand(what)) throw narrowError(`unknown 'has' operand '${what}'`);
      return { op: 'has', what };
    }
    case 'near':
      return null;
    case 'with':
      throw narrowError("'with' is not supported here");
  }
}

/**
 * Where a narrow looks: one channel's whole history when it names a channel whose history the viewer
 * may read; every shared public channel for `channels:public`; otherwise the viewer's own history.
 */
function sourceOf(clauses: readonly NarrowClause[], world: NarrowWorld): MessageSource {
  for (const clause of clauses) {
    if (clause.operator !== 'channel' || clause.negated) continue;
    const channel = knownChannel(world, clause);
    if (channel.readsHistory) return { kind: 'channels', channelIds: [channel.id] };
  }
  const shared = clauses.find((clause) => clause.operator === 'channels' && !clause.negated);
  if (shared) return { kind: 'channels', channelIds: world.sharedChannels(sharedKind(shared)) };
  return { kind: 'history' };
}

/** Translates a narrow into a message-store query. Throws BAD_REQUEST for anything it cannot mean. */
export function translateNarrow(clauses: readonly NarrowClause[], world: NarrowWorld): TranslatedNarrow {
  const where: MessagePredicate[] = [];
  const search: string[] = [];
  for (const clause of clauses) {
    const predicate = predicateOf(clause, world);
    if (!predicate) continue;
    where.push(clause.negated ? { op: 'not', of: predicate } : predicate);
    if (predicate.op === 'search' && !clause.negated) search.push(...predicate.words);
  }
  return { source: sourceOf(clauses, world), where, search };
}

const CONVERSATION_OPERATORS: ReadonlySet<string> = new Set(['channel', 'topic', 'dm']);

/**
 * The narrow with `with:<message>` replaced by that message's conversation as it is now (a moved
 * message is followed to its new topic), as the public server does.
 */
export function withConversation(clauses: readonly NarrowClause[], recipient: MessageRecipient, viewerId: number): NarrowClause[] {
  const kept = clauses.filter((clause) => clause.operator !== 'with' && !(CONVERSATION_OPERATORS.has(clause.operator) && !clause.negated));
  if (recipient.type === 'channel') {
    return [...kept, { operator: 'channel', operand: recipient.channel_id, negated: false }, { operator: 'topic', operand: recipient.topic, negated: false }];
  }
  const others = recipient.user_ids.filter((id) => id !== viewerId);
  return [...kept, { operator: 'dm', operand: others.length > 0 ? others : [viewerId], negated: false }];
}
