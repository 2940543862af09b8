import { expect } from 'chai';
import { readMergedWindow } from '../../../packages/readstore/src/memory/messages/merged-window.js';
import { readWindow } from '../../../packages/readstore/src/memory/messages/message-window.js';
import { SortedIds } from '../../../packages/readstore/src/memory/messages/sorted-ids.js';

/** A small deterministic generator (no Math.random: a failure must repeat). */
function numbers(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const NEWEST = Number.MAX_SAFE_INTEGER;

describe('readMergedWindow', function () {
  it('answers exactly as readWindow over the sorted union of the lists, for anchors inside, between, at and beyond the ends', function () {
    const random = numbers(7);
    for (let round = 0; round < 300; round++) {
      const count = 1 + Math.floor(random() * 6);
      const lists = Array.from({ length: count }, () => new SortedIds());
      const all: number[] = [];
      for (let id = 1; id <= 60; id++) {
        if (random() < 0.2) continue;
        lists[Math.floor(random() * count)].add(id);
        all.push(id);
      }
      const union = SortedIds.fromSorted(all);
      const skip = 2 + Math.floor(random() * 4);
      const matches = (id: number): boolean => id % skip !== 0;
      const anchors = [0, -1, 1, 30, 31, 59, 60, 61, NEWEST, all[Math.floor(random() * all.length)] ?? 5];
      for (const anchor of anchors) {
        for (const include_anchor of [true, false]) {
          const window = { anchor, include_anchor, num_before: Math.floor(random() * 12), num_after: Math.floor(random() * 12) };
          expect(readMergedWindow(lists, matches, window), JSON.stringify({ round, window })).to.deep.equal(readWindow(union, matches, window));
        }
      }
    }
  });

  it('answers for no lists at all as for an empty one', function () {
    const window = { anchor: NEWEST, include_anchor: true, num_before: 5, num_after: 0 };
    expect(readMergedWindow([], () => true, window)).to.deep.equal(readWindow(new SortedIds(), () => true, window));
  });
});
