import type { Token } from 'markdown-it';
import { MENTION_TOKEN, type MentionMeta } from './mention-rule.js';

export interface MentionFacts {
  mentioned_user_ids: number[];
  mentioned_group_ids: number[];
  stream_wildcard: boolean;
  topic_wildcard: boolean;
}

/**
 * Silences the mentions inside block quotes (quoting a message must not notify its mentions again)
 * and gathers whom the rest mention. Mentions in an image's alt text are not visited: the image is
 * shown as a link, and nothing inside a link mentions anyone.
 */
export function collectMentionFacts(blockTokens: readonly Token[]): MentionFacts {
  const users = new Set<number>();
  const groups = new Set<number>();
  let stream_wildcard = false;
  let topic_wildcard = false;
  let quoteDepth = 0;
  for (const block of blockTokens) {
    if (block.type === 'blockquote_open') quoteDepth += 1;
    if (block.type === 'blockquote_close') quoteDepth -= 1;
    for (const token of block.type === 'inline' ? (block.children ?? []) : []) {
      if (token.type !== MENTION_TOKEN) continue;
      const meta = token.meta as MentionMeta;
      if (quoteDepth > 0) meta.silent = true;
      if (meta.silent) continue;
      if (meta.kind === 'user') users.add(meta.userId);
      else if (meta.kind === 'group') groups.add(meta.groupId);
      else if (meta.kind === 'stream_wildcard') stream_wildcard = true;
      else topic_wildcard = true;
    }
  }
  const ascending = (ids: Set<number>) => [...ids].sort((a, b) => a - b);
  return { mentioned_user_ids: ascending(users), mentioned_group_ids: ascending(groups), stream_wildcard, topic_wildcard };
}
