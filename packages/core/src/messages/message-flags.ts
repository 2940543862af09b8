import type { ContentFlags } from '../events/message-events.js';

/** Per-user message flags as bits, so a user's flags for a message fit one byte. */
export const FlagBit = {
  read: 1,
  starred: 2,
  collapsed: 4,
  mentioned: 8,
  stream_wildcard_mentioned: 16,
  topic_wildcard_mentioned: 32,
  has_alert_word: 64,
  historical: 128,
} as const;
export type StoredFlagName = keyof typeof FlagBit;

/** Flags a user sets and clears through POST /messages/flags; the others follow the content. */
export const USER_FLAGS: readonly StoredFlagName[] = ['read', 'starred', 'collapsed'];

/** Every flag name the API knows, `wildcard_mentioned` (deprecated) included. */
export const ALL_FLAG_NAMES: readonly string[] = [...Object.keys(FlagBit), 'wildcard_mentioned'];

/** Bits that any kind of mention sets (`is:mentioned`). */
export const MENTION_BITS = FlagBit.mentioned | FlagBit.stream_wildcard_mentioned | FlagBit.topic_wildcard_mentioned;
const WILDCARD_BITS = FlagBit.stream_wildcard_mentioned | FlagBit.topic_wildcard_mentioned;

/** Flags a message shows to someone who reads it from public history without having received it. */
export const HISTORY_ONLY_BITS = FlagBit.read | FlagBit.historical;

/** Bits that follow the content and are recomputed on edit. */
export const CONTENT_BITS = MENTION_BITS | FlagBit.has_alert_word;

/** The API's flag list for stored bits, with the deprecated `wildcard_mentioned` derived. */
export function flagNames(bits: number): string[] {
  let names = namesByBits.get(bits);
  if (!names) {
    names = [];
    for (const [name, bit] of Object.entries(FlagBit)) if ((bits & bit) !== 0) names.push(name);
    if ((bits & WILDCARD_BITS) !== 0) names.push('wildcard_mentioned');
    namesByBits.set(bits, names);
  }
  // A copy: the list is the caller's (a message list names the same few combinations thousands of times).
  return names.slice();
}

/** Flag lists already spelled out, by bits (a few dozen combinations occur). */
const namesByBits = new Map<number, string[]>();

const NO_CONTENT_BITS = (): number => 0;

/**
 * The content bits each receiver gets from a message's content flags. Most messages mention nobody:
 * they share one function; otherwise a map of the flagged users is built once per message.
 */
export function contentBits(flags: ContentFlags): (userId: number) => number {
  const { mentioned, stream_wildcard_mentioned, topic_wildcard_mentioned, has_alert_word } = flags;
  if (mentioned.length + stream_wildcard_mentioned.length + topic_wildcard_mentioned.length + has_alert_word.length === 0) return NO_CONTENT_BITS;
  const lists: [readonly number[], number][] = [
    [mentioned, FlagBit.mentioned],
    [stream_wildcard_mentioned, FlagBit.stream_wildcard_mentioned],
    [topic_wildcard_mentioned, FlagBit.topic_wildcard_mentioned],
    [has_alert_word, FlagBit.has_alert_word],
  ];
  const bitsByUser = new Map<number, number>();
  for (const [userIds, bit] of lists) for (const userId of userIds) bitsByUser.set(userId, (bitsByUser.get(userId) ?? 0) | bit);
  return (userId) => bitsByUser.get(userId) ?? 0;
}
