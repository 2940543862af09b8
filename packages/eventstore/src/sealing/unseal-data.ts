import { type KeyRing, openBox } from '@chat/keystore';
import { parentOf } from './object-paths.js';
import { boxContext, SEALED, type SealedEntry, sealedEntries } from './sealed-envelope.js';

/** What `$sealed` holds once the data is unsealed: not enumerable, so neither JSON nor a spread carries it. */
interface Opened {
  entries: SealedEntry[];
  ring: KeyRing;
}

function install(target: Record<string, unknown>, entry: SealedEntry, eventId: string, ring: KeyRing): void {
  let values: unknown[] | null = null;
  const open = (): unknown[] => {
    if (values) return values;
    const key = ring.keyFor(entry.s);
    values = key ? (JSON.parse(openBox(key, boxContext(eventId, entry), Buffer.from(entry.b, 'base64')).toString()) as unknown[]) : entry.f;
    return values;
  };
  const paths = entry.p;
  for (let i = 0; i < paths.length; i++) {
    const index = i;
    const path = paths[i];
    const place = path.indexOf('.') < 0 ? { parent: target, key: path } : parentOf(target, path);
    if (place) Object.defineProperty(place.parent, place.key, { configurable: true, enumerable: true, get: () => open()[index] });
  }
}

/**
 * Makes stored data read as the event's data: each sealed value becomes a property of its place again,
 * decrypted when first read (a replay that never reads a message's text never decrypts it), or its
 * forgotten value when a subject's key is gone. Changes the parsed object it is given, which the reader
 * owns; unsealing it again changes nothing. An epoch the ring never saw throws UnknownKeyError when
 * read: a damaged key store is never papered over with placeholders. Kept cheap (a few microseconds an
 * event): a replay unseals every event it reads.
 */
export function unsealData<T>(data: T, eventId: string, ring: KeyRing): T {
  const entries = sealedEntries(data);
  if (entries.length === 0) return data;
  const target = data as Record<string, unknown>;
  const opened: Opened = { entries, ring };
  Object.defineProperty(target, SEALED, { value: opened, enumerable: false, configurable: true, writable: false });
  for (const entry of entries) install(target, entry, eventId, ring);
  return data;
}

const openedOf = (data: unknown): Opened | undefined => {
  const value = data !== null && typeof data === 'object' ? (data as Record<string, unknown>)[SEALED] : undefined;
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Opened) : undefined;
};

/** The paths of unsealed data whose subjects are forgotten (they read as placeholders). */
export function forgottenPaths(data: unknown): string[] {
  const opened = openedOf(data);
  return opened ? opened.entries.flatMap((entry) => (opened.ring.keyFor(entry.s) === null ? entry.p : [])) : [];
}

/** The subjects the sealed values of unsealed data belong to. */
export function sealedSubjects(data: unknown): string[] {
  return [...new Set((openedOf(data)?.entries ?? []).flatMap((entry) => entry.s))];
}
