import type { BoxFormat } from '@chat/keystore';

/**
 * How sealed values are stored in an event's data: the values are removed from where the schema
 * puts them and kept, encrypted, in `$sealed`: one entry per set of subjects.
 */
export const SEALED = '$sealed';

export interface SealedEntry {
  /** The subjects whose keys together open the box. */
  s: string[];
  /** The concrete dotted paths of the sealed values (array items by index). */
  p: string[];
  /** What each path reads as once a subject is forgotten. */
  f: unknown[];
  /** The box's format (packages/keystore/src/sealed-box.ts); absent in boxes sealed before format 2. */
  v?: BoxFormat;
  /** base64 of the sealed JSON array of the values (format 1: nonce, ciphertext and tag; 2: ciphertext and tag). */
  b: string;
}

/** The format an entry's box was sealed in. */
export const formatOf = (entry: Pick<SealedEntry, 'v'>): BoxFormat => entry.v ?? 1;

/** The box's authenticated context: it opens only in its own event, for its own subjects and paths. */
export const boxContext = (eventId: string, entry: Pick<SealedEntry, 's' | 'p' | 'v'>): string =>
  `chat-sealed/v${formatOf(entry)}\n${eventId}\n${entry.s.join(',')}\n${entry.p.join(',')}`;

/** The sealed entries of stored data, or none. */
export function sealedEntries(data: unknown): SealedEntry[] {
  if (data === null || typeof data !== 'object') return [];
  const entries = (data as Record<string, unknown>)[SEALED];
  return Array.isArray(entries) ? (entries as SealedEntry[]) : [];
}
