import type { MessagePage, MessageWindow } from '../../messages/message-store.js';
import type { SortedIds } from './sorted-ids.js';

const NEWEST = Number.MAX_SAFE_INTEGER;

/** A position in one of the lists; `id` is the id it points at. */
interface Cursor {
  list: SortedIds;
  at: number;
  id: number;
}

/** A binary heap of cursors, smallest `id` first (ids are negated for the newest-first walk). */
class CursorHeap {
  private readonly items: Cursor[] = [];

  constructor(private readonly key: (cursor: Cursor) => number) {}

  get size(): number {
    return this.items.length;
  }

  push(cursor: Cursor): void {
    const items = this.items;
    items.push(cursor);
    let i = items.length - 1;
    while (i > 0) {
      const up = (i - 1) >> 1;
      if (this.key(items[up]) <= this.key(items[i])) break;
      [items[up], items[i]] = [items[i], items[up]];
      i = up;
    }
  }

  pop(): Cursor | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (items.length === 0 || last === undefined) return top;
    items[0] = last;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let least = i;
      if (left < items.length && this.key(items[left]) < this.key(items[least])) least = left;
      if (right < items.length && this.key(items[right]) < this.key(items[least])) least = right;
      if (least === i) return top;
      [items[least], items[i]] = [items[i], items[least]];
      i = least;
    }
  }
}

/** Walks the union of the lists from `from` (inclusive), one step at a time in `step`'s direction. */
function* walk(lists: readonly SortedIds[], anchor: number, step: 1 | -1): Generator<number> {
  const heap = new CursorHeap(step === 1 ? (cursor) => cursor.id : (cursor) => -cursor.id);
  for (const list of lists) {
    const bound = list.lowerBound(anchor);
    // Forwards: ids above the anchor; backwards: ids below it.
    const at = step === 1 ? (bound < list.length && list.at(bound) === anchor ? bound + 1 : bound) : bound - 1;
    if (at >= 0 && at < list.length) heap.push({ list, at, id: list.at(at) });
  }
  for (let cursor = heap.pop(); cursor; cursor = heap.pop()) {
    yield cursor.id;
    const at = cursor.at + step;
    if (at >= 0 && at < cursor.list.length) heap.push({ list: cursor.list, at, id: cursor.list.at(at) });
  }
}

/**
 * readWindow over the union of several ascending id lists (the channels of a `channels` narrow),
 * without building the union: each side is walked outwards from the anchor through a heap of one
 * cursor per list, so a window of n ids out of m lists costs about n·log m, not a sort of every id.
 * The lists hold distinct ids (a message is in one channel).
 */
export function readMergedWindow(lists: readonly SortedIds[], matches: (id: number) => boolean, window: MessageWindow): MessagePage {
  const anchoredLeft = window.anchor <= 0;
  const anchoredRight = window.anchor >= NEWEST;
  const before: number[] = [];
  if (!anchoredLeft && window.num_before > 0) {
    for (const id of walk(lists, window.anchor, -1)) {
      if (matches(id)) before.push(id);
      if (before.length >= window.num_before) break;
    }
  }
  before.reverse();
  const anchorListed = lists.some((list) => list.has(window.anchor));
  const foundAnchor = anchorListed && window.include_anchor && matches(window.anchor);
  const after: number[] = [];
  if (!anchoredRight && window.num_after > 0) {
    for (const id of walk(lists, window.anchor, 1)) {
      if (matches(id)) after.push(id);
      if (after.length >= window.num_after) break;
    }
  }
  return {
    ids: [...before, ...(foundAnchor ? [window.anchor] : []), ...after],
    found_anchor: foundAnchor,
    found_oldest: anchoredLeft || before.length < window.num_before,
    found_newest: anchoredRight || after.length < window.num_after,
  };
}
