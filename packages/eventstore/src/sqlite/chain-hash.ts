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
}

/** Links a row to its predecessor: changing, dropping or reordering any row breaks every later hash. */
export function chainHash(previousHash: string, row: ChainedRow): string {
  return createHash('sha256')
    .update(previousHash)
    .update('\n')
    .update(JSON.stringify([row.position, row.stream, row.revision, row.id, row.type, row.data, row.metadata]))
    .digest('hex');
}
