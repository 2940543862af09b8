import { badRequest, missingArgument } from '@chat/core';
import type { MessageWindow } from '@chat/readstore';

/** The most messages one GET /messages returns, as the public server limits it. */
export const MAX_MESSAGES_PER_FETCH = 5000;

/** How the public API spells "after the newest message" (an anchor above every id). */
export const NEWEST_ANCHOR = 10_000_000_000_000_000;

/** The anchor as asked: a message id, or one the server computes. */
export type Anchor = { kind: 'id'; id: number } | { kind: 'newest' } | { kind: 'oldest' } | { kind: 'first_unread' };

/** `anchor` (or the deprecated `use_first_unread_anchor`); ids below 0 mean the oldest end, above NEWEST_ANCHOR the newest. */
export function parseAnchor(raw: unknown, useFirstUnread: boolean): Anchor {
  if (useFirstUnread) return { kind: 'first_unread' };
  if (raw === undefined) throw missingArgument('anchor');
  const text = String(raw).trim();
  if (text === 'newest' || text === 'oldest' || text === 'first_unread') return { kind: text };
  if (!/^-?\d+$/.test(text)) throw badRequest("Invalid 'anchor': must be a message id, newest, oldest or first_unread");
  return { kind: 'id', id: Math.min(Math.max(Number(text), 0), NEWEST_ANCHOR) };
}

/** The store's window for a resolved anchor id (0 is the oldest end, NEWEST_ANCHOR the newest). */
export const windowAround = (anchor: number, params: { include_anchor: boolean; num_before: number; num_after: number }): MessageWindow => ({
  anchor: Math.min(anchor, Number.MAX_SAFE_INTEGER),
  ...params,
});

/** `num_before` and `num_after`: both required, and together within MAX_MESSAGES_PER_FETCH. */
export function windowSize(params: { num_before?: number; num_after?: number }): { num_before: number; num_after: number } {
  const count = (name: 'num_before' | 'num_after'): number => {
    const value = params[name];
    if (value === undefined) throw missingArgument(name);
    return value;
  };
  const num_before = count('num_before');
  const num_after = count('num_after');
  if (num_before + num_after > MAX_MESSAGES_PER_FETCH) {
    throw badRequest(`Too many messages requested (maximum ${MAX_MESSAGES_PER_FETCH}): 'num_before' + 'num_after' is ${num_before + num_after}`);
  }
  return { num_before, num_after };
}

/** The range parameters `message_ids` excludes. */
export const RANGE_PARAMETERS = ['anchor', 'include_anchor', 'use_first_unread_anchor', 'num_before', 'num_after'] as const;

export function checkNoRange(params: Record<string, unknown>): void {
  const given = RANGE_PARAMETERS.filter((name) => params[name] !== undefined);
  if (given.length > 0) throw badRequest(`Invalid 'message_ids': it cannot be combined with ${given.map((name) => `'${name}'`).join(', ')}`);
}
