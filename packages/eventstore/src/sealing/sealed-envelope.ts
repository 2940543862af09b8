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
  /** base64 of nonce, ciphertext and tag (AES-256-GCM) of the JSON array of the values. */
  b: string;
}

/** The box's authenticated context: it opens only in its own event, for its own subjects and paths. */
export const boxContext = (eventId: string, entry: Pick<SealedEntry, 's' | 'p'>): string => `chat-sealed/v1\n${eventId}\n${entry.s.join(',')}\n${entry.p.join(',')}`;

/** The sealed entries of stored data, or none. */
export function sealedEntries(data: unknown): SealedEntry[] {
  if (data === null || typeof data !== 'object') return [];
  const entries = (data as Record<string, unknown>)[SEALED];
  return Array.isArray(entries) ? (entries as SealedEntry[]) : [];
}
