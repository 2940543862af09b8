import { createHash } from 'node:crypto';

export const GENESIS_HASH = '0'.repeat(64);

export interface ChainedRow {
  position: number;
  stream: string;
  revision: number;
  id: string;
  type: string;
  data: string;
  metadata: string;
  /**
   * In a log whose history was sealed anew (`events seal-history`), the hash this row had in the log
   * before: chained with the row, so a seal taken before still finds what it sealed. Absent otherwise.
   */
  prior_hash?: string | null;
}

/** Links a row to its predecessor: changing, dropping or reordering any row breaks every later hash. */
export function chainHash(previousHash: string, row: ChainedRow): string {
  const content = [row.position, row.stream, row.revision, row.id, row.type, row.data, row.metadata];
  if (typeof row.prior_hash === 'string') content.push(row.prior_hash);
  return createHash('sha256').update(previousHash).update('\n').update(JSON.stringify(content)).digest('hex');
}
