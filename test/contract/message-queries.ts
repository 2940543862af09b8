import { FlagBit } from '@chat/core';
import type { MessagePage, MessagePredicate, MessageQuery, MessageWindow } from '@chat/readstore';

/** Queries and expected pages, as the message store contract writes them. */
export const NEWEST = Number.MAX_SAFE_INTEGER;
export const READ = FlagBit.read;

export const history = (userId: number, ...where: MessagePredicate[]): MessageQuery => ({ userId, source: { kind: 'history' }, where });
export const inChannels = (userId: number, channelIds: number[], ...where: MessagePredicate[]): MessageQuery => ({
  userId,
  source: { kind: 'channels', channelIds },
  where,
});
/** The page expected: these ids, and which of found_anchor, found_oldest and found_newest are true. */
export const found = (ids: number[], ...ends: ('anchor' | 'oldest' | 'newest')[]): MessagePage => ({
  ids,
  found_anchor: ends.includes('anchor'),
  found_oldest: ends.includes('oldest'),
  found_newest: ends.includes('newest'),
});
export const around = (anchor: number, num_before: number, num_after: number, include_anchor = true): MessageWindow => ({
  anchor,
  include_anchor,
  num_before,
  num_after,
});
