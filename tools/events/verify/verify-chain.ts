import { chainHash, GENESIS_HASH, type HashedRow } from '@chat/eventstore';

export type { HashedRow };

/** The last row of a log that verified. */
export interface ChainHead {
  /** 0 for an empty log. */
  position: number;
  /** GENESIS_HASH for an empty log. */
  hash: string;
}

export type ChainVerdict =
  | { ok: true; events: number; head: ChainHead; streams: number }
  | { ok: false; events: number; position: number; problem: string };

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Walks rows in position order and finds the first that breaks the log's rules: positions 1, 2, 3…
 * without a gap; each row's hash over the previous hash and its own content; revisions 0, 1, 2… per
 * stream; data and metadata that are JSON. `seen` learns each row's hash (seal checks use it).
 */
export function verifyChain(rows: Iterable<HashedRow>, seen?: (row: HashedRow) => void): ChainVerdict {
  let previous: ChainHead = { position: 0, hash: GENESIS_HASH };
  let events = 0;
  const revisions = new Map<string, number>();
  const fail = (position: number, problem: string): ChainVerdict => ({ ok: false, events, position, problem });
  for (const row of rows) {
    const { hash, ...content } = row;
    const expected = previous.position + 1;
    if (row.position !== expected) return fail(expected, `position ${expected} is missing: the row after position ${previous.position} is at ${row.position}`);
    if (chainHash(previous.hash, content) !== hash) {
      return fail(row.position, "hash does not match: the row's content was changed, or it is not where it was written");
    }
    const revision = (revisions.get(row.stream) ?? -1) + 1;
    if (row.revision !== revision) return fail(row.position, `stream ${row.stream} has revision ${row.revision} where ${revision} was due`);
    if (!isJson(row.data) || !isJson(row.metadata)) return fail(row.position, 'data or metadata is not JSON');
    revisions.set(row.stream, revision);
    seen?.(row);
    events += 1;
    previous = { position: row.position, hash };
  }
  return { ok: true, events, head: previous, streams: revisions.size };
}
