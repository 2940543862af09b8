/**
 * The chat-specific syntax, shared by the Markdown rules and by `possibleReferences`. Names may hold
 * anything but `*` and line breaks; a mention or link starts the text or follows a space or an opening
 * character, so `me@**x**` is an address, not a mention.
 */

const OPENERS = new Set([`'`, '"', '(', '{', '[', '/', '<']);

export const mayStartReference = (source: string, pos: number): boolean => {
  if (pos === 0) return true;
  const before = source[pos - 1];
  return OPENERS.has(before) || /\s/u.test(before);
};

/** `@**Name**`, `@**Name|7**`, `@**|7**`, wildcards; `@_**…**` is silent. */
export const USER_MENTION = /@(_?)\*\*([^*\n]+)\*\*/y;
/** `@*group*`; `@_*group*` is silent. */
export const GROUP_MENTION = /@(_?)\*([^*\n]+)\*/y;
/** `#**channel**`, `#**channel>topic**`, `#**channel>topic@123**`. */
export const CHANNEL_LINK = /#\*\*([^*\n]+)\*\*/y;
/** `:name:` of a unicode, custom or built-in emoji. */
export const EMOJI = /:([\p{L}\p{N}_+-]+):/uy;

export const STREAM_WILDCARDS: ReadonlySet<string> = new Set(['all', 'everyone', 'stream', 'channel']);
export const TOPIC_WILDCARD = 'topic';

/** A user mention's text split into the name and the id of the `Name|id` and `|id` forms. */
export const parseUserMentionText = (text: string): { name: string | null; id: number | null } => {
  const withId = /^(.+)?\|(\d+)$/su.exec(text);
  if (withId === null) return { name: text, id: null };
  return { name: withId[1] ?? null, id: Number(withId[2]) };
};

export type ChannelLinkTarget =
  | { kind: 'channel'; channel: string }
  | { kind: 'topic'; channel: string; topic: string }
  | { kind: 'message'; channel: string; topic: string; messageId: number };

/** The readings of a `#**…**` text, most specific first: a channel name may itself hold `>`. */
export const channelLinkReadings = (text: string): ChannelLinkTarget[] => {
  const readings: ChannelLinkTarget[] = [];
  const message = /^([^>]+)>(.*)@(\d+)$/su.exec(text);
  if (message !== null) readings.push({ kind: 'message', channel: message[1], topic: message[2], messageId: Number(message[3]) });
  const topic = /^([^>]+)>(.*)$/su.exec(text);
  if (topic !== null) readings.push({ kind: 'topic', channel: topic[1], topic: topic[2] });
  readings.push({ kind: 'channel', channel: text });
  return readings;
};

/** Matches `pattern` (sticky) at `pos` when a reference may start there. */
export const matchAt = (pattern: RegExp, source: string, pos: number): RegExpExecArray | null => {
  if (!mayStartReference(source, pos)) return null;
  pattern.lastIndex = pos;
  return pattern.exec(source);
};
