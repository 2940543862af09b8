import { yieldToOthers } from '@chat/http';
import type { MessagePage, MessageQuery, MessageWindow } from '@chat/readstore';
import { type SearchPlan, searchPlanOf, type SearchSources } from './search-plan.js';

const MIN_BATCH = 64;
const MAX_BATCH = 4096;
const NEWEST = Number.MAX_SAFE_INTEGER;

type Direction = 'older' | 'newer';

/** Those of `ids` that meet the parts of the plan their source did not already decide, ascending. */
async function keep(sources: SearchSources, plan: SearchPlan, ids: readonly number[], decided: 'terms' | 'rest' | 'nothing'): Promise<number[]> {
  if (ids.length === 0) return [];
  let kept = decided === 'rest' ? [...ids].sort((a, b) => a - b) : await sources.messages.matching({ ...plan.rest, where: [...plan.rest.where, { op: 'ids', ids }] });
  if (decided === 'nothing' && plan.must && kept.length > 0) kept = await sources.index.matchingAmong(plan.must, kept);
  for (const terms of plan.mustNot) {
    if (kept.length === 0) break;
    const excluded = new Set(await sources.index.matchingAmong(terms, kept));
    kept = kept.filter((id) => !excluded.has(id));
  }
  return kept;
}

/**
 * The next candidates past `bound`, in the direction's order: from the index when the plan has terms
 * (newest first with an early stop), else from the store's own narrow (negated searches only).
 */
async function candidates(sources: SearchSources, plan: SearchPlan, bound: number, direction: Direction, size: number): Promise<number[]> {
  const older = direction === 'older';
  if (plan.must) return sources.index.search(plan.must, older ? { below: bound } : { above: bound }, size);
  const page = await sources.messages.page(plan.rest, { anchor: bound, include_anchor: false, num_before: older ? size : 0, num_after: older ? 0 : size });
  return older ? page.ids.reverse() : page.ids;
}

/** Up to `count` ids meeting the plan beyond the anchor in one direction, ascending; batches grow fourfold. */
async function collect(sources: SearchSources, plan: SearchPlan, anchor: number, direction: Direction, count: number): Promise<number[]> {
  const found: number[] = [];
  let bound = anchor;
  let size = Math.min(MAX_BATCH, Math.max(MIN_BATCH, 2 * count));
  while (found.length < count) {
    const batch = await candidates(sources, plan, bound, direction, size);
    if (batch.length === 0) break;
    const kept = await keep(sources, plan, batch, plan.must ? 'terms' : 'rest');
    const inOrder = direction === 'older' ? kept.reverse() : kept;
    for (const id of inOrder) if (found.length < count) found.push(id);
    if (batch.length < size) break;
    bound = batch[batch.length - 1];
    size = Math.min(MAX_BATCH, size * 4);
    // Other requests run between two batches of a long search.
    if (found.length < count) await yieldToOthers();
  }
  return direction === 'older' ? found.reverse() : found;
}

/** A window of a narrow with a search, read as the store reads any other (see readWindow): around the anchor, ascending. */
export async function searchPage(sources: SearchSources, plan: SearchPlan, window: MessageWindow): Promise<MessagePage> {
  const anchoredLeft = window.anchor <= 0;
  const anchoredRight = window.anchor >= NEWEST;
  if (plan.impossible) return { ids: [], found_anchor: false, found_oldest: true, found_newest: true };
  const before = anchoredLeft ? [] : await collect(sources, plan, window.anchor, 'older', window.num_before);
  const foundAnchor = window.include_anchor && !anchoredLeft && !anchoredRight && (await keep(sources, plan, [window.anchor], 'nothing')).length === 1;
  const after = anchoredRight ? [] : await collect(sources, plan, window.anchor, 'newer', window.num_after);
  return {
    ids: [...before, ...(foundAnchor ? [window.anchor] : []), ...after],
    found_anchor: foundAnchor,
    found_oldest: anchoredLeft || before.length < window.num_before,
    found_newest: anchoredRight || after.length < window.num_after,
  };
}

/** A window of any narrow: through the full-text index when it searches, else the store's own page. */
export function narrowPage(sources: SearchSources, query: MessageQuery, window: MessageWindow): Promise<MessagePage> {
  const plan = searchPlanOf(query);
  return plan ? searchPage(sources, plan, window) : sources.messages.page(query, window);
}
