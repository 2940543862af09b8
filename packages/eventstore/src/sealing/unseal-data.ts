import { type KeyRing, openBox } from '@chat/keystore';
import { parentOf } from './object-paths.js';
import { boxContext, SEALED, type SealedEntry, sealedEntries } from './sealed-envelope.js';

/** Where unsealed data keeps its entries, for the questions `forgottenPaths` answers. */
const ENTRIES = Symbol('sealed entries');

interface Unsealed {
  [ENTRIES]?: { entries: SealedEntry[]; ring: KeyRing };
}

/**
 * Makes stored data read as the event's data: each sealed value becomes a property of its place again,
 * decrypted when first read (a replay that never reads a message's text never decrypts it), or its
 * forgotten value when a subject's key is gone. Changes the parsed object it is given, which the
 * reader owns. An epoch the ring never saw throws UnknownKeyError when read: a damaged key store is
 * never papered over with placeholders.
 */
export function unsealData<T>(data: T, eventId: string, ring: KeyRing): T {
  const entries = sealedEntries(data);
  if (entries.length === 0) return data;
  const target = data as Record<string, unknown>;
  delete target[SEALED];
  Object.defineProperty(target, ENTRIES, { value: { entries, ring }, enumerable: false });
  for (const entry of entries) {
    let values: unknown[] | null = null;
    const open = (): unknown[] => {
      if (values) return values;
      const key = ring.keyFor(entry.s);
      values = key ? (JSON.parse(openBox(key, boxContext(eventId, entry), Buffer.from(entry.b, 'base64')).toString()) as unknown[]) : entry.f;
      return values;
    };
    entry.p.forEach((path, index) => {
      const place = parentOf(target, path);
      if (!place) return;
      Object.defineProperty(place.parent, place.key, {
        configurable: true,
        enumerable: true,
        get: () => open()[index],
        set: (value: unknown) => Object.defineProperty(place.parent, place.key, { value, writable: true, enumerable: true, configurable: true }),
      });
    });
  }
  return data;
}

const sealedOf = (data: unknown): Unsealed[typeof ENTRIES] => (data !== null && typeof data === 'object' ? (data as Unsealed)[ENTRIES] : undefined);

/** The paths of unsealed data whose subjects are forgotten (they read as placeholders). */
export function forgottenPaths(data: unknown): string[] {
  const sealed = sealedOf(data);
  return sealed ? sealed.entries.flatMap((entry) => (sealed.ring.keyFor(entry.s) === null ? entry.p : [])) : [];
}

/** The subjects the sealed values of unsealed data belong to. */
export function sealedSubjects(data: unknown): string[] {
  return [...new Set((sealedOf(data)?.entries ?? []).flatMap((entry) => entry.s))];
}
