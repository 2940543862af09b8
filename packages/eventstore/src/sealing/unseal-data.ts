import { type KeyRing, openText } from '@chat/keystore';
import { parentOf } from './object-paths.js';
import { boxContext, formatOf, SEALED, type SealedEntry, sealedEntries } from './sealed-envelope.js';

/**
 * What `$sealed` holds once the data is unsealed: not enumerable, so neither JSON nor a spread carries
 * it. Set on the data and on every nested object a sealed value is put back in, so their getters find it.
 */
interface Opened {
  entries: SealedEntry[];
  ring: KeyRing;
  eventId: string;
  /** Each entry's values once opened (or its placeholders), null until one of them is read. */
  values: (unknown[] | null)[];
}

function valuesOf(opened: Opened, entryIndex: number): unknown[] {
  const known = opened.values[entryIndex];
  if (known) return known;
  const entry = opened.entries[entryIndex];
  const key = opened.ring.keyFor(entry.s);
  const values = key ? (JSON.parse(openText(key, boxContext(opened.eventId, entry), entry.b, formatOf(entry))) as unknown[]) : entry.f;
  opened.values[entryIndex] = values;
  return values;
}

/**
 * The getter of value `valueIndex` of entry `entryIndex`: one function per slot for every event, so
 * objects unsealed alike keep sharing one hidden class (a closure per event made V8 give each event
 * object a shape of its own, which cost more than decrypting).
 */
const getters: ((this: Record<string, unknown>) => unknown)[][] = [];
function getterOf(entryIndex: number, valueIndex: number): (this: Record<string, unknown>) => unknown {
  const row = (getters[entryIndex] ??= []);
  return (row[valueIndex] ??= function (this: Record<string, unknown>): unknown {
    return valuesOf(this[SEALED] as Opened, entryIndex)[valueIndex];
  });
}

const hidden = (opened: Opened): PropertyDescriptor => ({ value: opened, enumerable: false, configurable: true, writable: false });

function install(target: Record<string, unknown>, entryIndex: number, opened: Opened): void {
  const paths = opened.entries[entryIndex].p;
  for (let i = 0; i < paths.length; i++) {
    const path = paths[i];
    const place = path.indexOf('.') < 0 ? { parent: target, key: path } : parentOf(target, path);
    if (!place) continue;
    if (place.parent !== target && (place.parent as Record<string, unknown>)[SEALED] !== opened) Object.defineProperty(place.parent, SEALED, hidden(opened));
    Object.defineProperty(place.parent, place.key, { configurable: true, enumerable: true, get: getterOf(entryIndex, i) });
  }
}

/**
 * Makes stored data read as the event's data: each sealed value becomes a property of its place again,
 * decrypted when first read (a replay that never reads a message's text never decrypts it), or its
 * forgotten value when a subject's key is gone. Changes the parsed object it is given, which the reader
 * owns; unsealing it again changes nothing. An epoch the ring never saw throws UnknownKeyError when
 * read: a damaged key store is never papered over with placeholders. Kept cheap (about a microsecond
 * an event, bench/tools/open-box-cost.ts): a replay unseals every event it reads.
 */
export function unsealData<T>(data: T, eventId: string, ring: KeyRing): T {
  const entries = sealedEntries(data);
  if (entries.length === 0) return data;
  const target = data as Record<string, unknown>;
  const opened: Opened = { entries, ring, eventId, values: entries.map(() => null) };
  // `$sealed` is the stored data's last property: deleting it and adding it back hidden keeps the
  // object's shape one that every such event shares (changing it in place made each one a dictionary).
  delete target[SEALED];
  Object.defineProperty(target, SEALED, hidden(opened));
  for (let i = 0; i < entries.length; i++) install(target, i, opened);
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
