import { type MessagePredicate, type MessageQuery, type MessageStore, type SearchIndex, type SearchTerm, searchTerms } from '@chat/readstore';

/**
 * A narrow's query split for the full-text index: the search terms every message must meet (null
 * when no `search` clause is positive), those it must not meet (one list per negated `search`), and
 * the other conditions, which the message store decides with the access rules.
 */
export interface SearchPlan {
  rest: MessageQuery;
  must: SearchTerm[] | null;
  mustNot: SearchTerm[][];
  /** A positive `search` without a word (punctuation only): nothing matches. */
  impossible: boolean;
}

/** The plan of a query, or null when it has no `search` condition (the store answers it alone). */
export function searchPlanOf(query: MessageQuery): SearchPlan | null {
  const where: MessagePredicate[] = [];
  let must: SearchTerm[] | null = null;
  const mustNot: SearchTerm[][] = [];
  let impossible = false;
  for (const pred of query.where) {
    if (pred.op === 'search') {
      const terms = searchTerms(pred.words);
      if (terms.length === 0) impossible = true;
      must = [...(must ?? []), ...terms];
    } else if (pred.op === 'not' && pred.of.op === 'search') {
      const terms = searchTerms(pred.of.words);
      // Not matching a search without words holds for every message: no condition.
      if (terms.length > 0) mustNot.push(terms);
    } else where.push(pred);
  }
  if (must === null && mustNot.length === 0 && !impossible) return null;
  return { rest: { ...query, where }, must, mustNot, impossible };
}

/** What deciding a plan reads: the message store (access and the other conditions) and the index. */
export interface SearchSources {
  messages: MessageStore;
  index: SearchIndex;
}
