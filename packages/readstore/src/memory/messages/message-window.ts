import type { MessagePage, MessageWindow } from '../../messages/message-store.js';
import type { SortedIds } from './sorted-ids.js';

const NEWEST = Number.MAX_SAFE_INTEGER;

/**
 * Walks an id list outwards from the window's anchor, keeping the ids that match, until each side has
 * what it asked for or the list ends. An anchor of 0 is the oldest end; Number.MAX_SAFE_INTEGER the newest.
 */
export function readWindow(list: SortedIds, matches: (id: number) => boolean, window: MessageWindow): MessagePage {
  const anchoredLeft = window.anchor <= 0;
  const anchoredRight = window.anchor >= NEWEST;
  const start = list.lowerBound(window.anchor);
  const before: number[] = [];
  for (let i = start - 1; i >= 0 && before.length < window.num_before && !anchoredLeft; i--) {
    if (matches(list.at(i))) before.push(list.at(i));
  }
  before.reverse();
  let i = start;
  let foundAnchor = false;
  if (i < list.length && list.at(i) === window.anchor) {
    foundAnchor = window.include_anchor && matches(window.anchor);
    i++;
  }
  const after: number[] = [];
  for (; i < list.length && after.length < window.num_after && !anchoredRight; i++) {
    if (matches(list.at(i))) after.push(list.at(i));
  }
  return {
    ids: [...before, ...(foundAnchor ? [window.anchor] : []), ...after],
    found_anchor: foundAnchor,
    found_oldest: anchoredLeft || before.length < window.num_before,
    found_newest: anchoredRight || after.length < window.num_after,
  };
}

/** Every id of the list that matches, ascending. */
export function allMatching(list: SortedIds, matches: (id: number) => boolean): number[] {
  const ids: number[] = [];
  for (let i = 0; i < list.length; i++) if (matches(list.at(i))) ids.push(list.at(i));
  return ids;
}
