import type { ExpiredPage } from '../../messages/message-store.js';
import type { MessageColumns } from './message-columns.js';
import type { SortedIds } from './sorted-ids.js';

/**
 * The retention sweep's pages over the memory store. Each looks at `limit` ids at most (a channel's
 * list, or every id slot for direct messages), whatever it finds, so a page's cost is bounded even
 * where nothing has expired; the sweep reads on from `next`.
 */

/** A channel's messages sent before `before`, among the `limit` ids of its list after `after`. */
export function expiredInList(columns: MessageColumns, list: SortedIds, before: number, after: number, limit: number): ExpiredPage {
  const messages: ExpiredPage['messages'] = [];
  const from = list.lowerBound(after + 1);
  const to = Math.min(list.length, from + Math.max(1, limit));
  for (let i = from; i < to; i++) {
    const id = list.at(i);
    if (columns.sentOf(id) < before) messages.push({ id, recipient: columns.recipientOf(id) });
  }
  return { messages, next: to < list.length ? list.at(to - 1) : null };
}

/** Direct messages sent before `before`, among the `limit` id slots after `after`. */
export function expiredDirect(columns: MessageColumns, before: number, after: number, limit: number): ExpiredPage {
  const messages: ExpiredPage['messages'] = [];
  const end = columns.idEnd;
  const from = Math.max(0, after + 1);
  const to = Math.min(end, from + Math.max(1, limit));
  for (let id = from; id < to; id++) {
    if (columns.isDirect(id) && columns.sentOf(id) < before) messages.push({ id, recipient: columns.recipientOf(id) });
  }
  return { messages, next: to < end ? to - 1 : null };
}
