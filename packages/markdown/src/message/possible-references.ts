import { channelLinkReadings, parseUserMentionText, STREAM_WILDCARDS, TOPIC_WILDCARD } from './syntax.js';

/** Every name or id the content could refer to: more than rendering uses (code is not skipped), never less. */
export interface PossibleReferences {
  user_names: string[];
  user_ids: number[];
  group_names: string[];
  channel_names: string[];
  emoji_names: string[];
  has_stream_wildcard: boolean;
  has_topic_wildcard: boolean;
}

const BEFORE = String.raw`(?<![^\s'"({\[/<])`;
const USER_MENTIONS = new RegExp(String.raw`${BEFORE}@_?\*\*([^*\n]+)\*\*`, 'gu');
const GROUP_MENTIONS = new RegExp(String.raw`${BEFORE}@_?\*([^*\n]+)\*`, 'gu');
const CHANNEL_LINKS = new RegExp(String.raw`${BEFORE}#\*\*([^*\n]+)\*\*`, 'gu');
const EMOJI_NAMES = /:([\p{L}\p{N}_+-]+):/gu;

const captured = (pattern: RegExp, content: string): string[] => [...content.matchAll(pattern)].map((match) => match[1]);
const unique = <T>(items: T[]): T[] => [...new Set(items)];

/**
 * What to look up before rendering, so the caller can gather a small `RenderWorld` from its read
 * models instead of handing over the whole organization.
 */
export function possibleReferences(content: string): PossibleReferences {
  const userNames: string[] = [];
  const userIds: number[] = [];
  let has_stream_wildcard = false;
  let has_topic_wildcard = false;
  for (const text of captured(USER_MENTIONS, content)) {
    if (STREAM_WILDCARDS.has(text)) has_stream_wildcard = true;
    if (text === TOPIC_WILDCARD) has_topic_wildcard = true;
    if (STREAM_WILDCARDS.has(text) || text === TOPIC_WILDCARD) continue;
    const { name, id } = parseUserMentionText(text);
    if (name !== null) userNames.push(name);
    if (id !== null) userIds.push(id);
  }
  return {
    user_names: unique(userNames),
    user_ids: unique(userIds),
    group_names: unique(captured(GROUP_MENTIONS, content)),
    channel_names: unique(captured(CHANNEL_LINKS, content).flatMap((text) => channelLinkReadings(text).map((reading) => reading.channel))),
    emoji_names: unique(captured(EMOJI_NAMES, content)),
    has_stream_wildcard,
    has_topic_wildcard,
  };
}
