import { type KeyRing, SEAL_FORMAT, sealText } from '@chat/keystore';
import { expandPath, valueAt, withoutPaths } from './object-paths.js';
import type { SealGroup } from './seal-spec.js';
import { boxContext, SEALED, type SealedEntry } from './sealed-envelope.js';

/** `message:message_id` → `message-42`, read from the event's top-level data. */
function subjectOf(reference: string, data: Record<string, unknown>): string {
  const colon = reference.indexOf(':');
  const id = data[reference.slice(colon + 1)];
  if (typeof id !== 'number' && typeof id !== 'string') throw new Error(`sealed value needs '${reference.slice(colon + 1)}' to name its ${reference.slice(0, colon)}`);
  return `${reference.slice(0, colon)}-${id}`;
}

/** A forgotten-value template with `{field}` filled from the data. */
function filled(template: unknown, data: Record<string, unknown>): unknown {
  if (typeof template !== 'string' || !template.includes('{')) return template;
  return template.replace(/\{([a-z_]+)\}/g, (_, field: string) => String(data[field]));
}

/** What one group seals in one event's data: its subjects, and the values present at its paths. */
export interface PlannedBox {
  subjects: string[];
  paths: string[];
  values: unknown[];
  forgotten: unknown[];
}

/** The values each group seals in this data (nulls and absent ones are not sealed: they say nothing). */
export function planSeal(data: Record<string, unknown>, groups: readonly SealGroup[]): PlannedBox[] {
  const boxes: PlannedBox[] = [];
  for (const group of groups) {
    const box: PlannedBox = { subjects: [], paths: [], values: [], forgotten: [] };
    group.paths.forEach((pattern, index) => {
      for (const path of pattern.includes('.') ? expandPath(data, pattern) : [pattern]) {
        const value = path.includes('.') ? valueAt(data, path) : data[path];
        if (value === undefined || value === null) continue;
        box.paths.push(path);
        box.values.push(value);
        box.forgotten.push(filled(group.forgotten[index], data));
      }
    });
    if (box.paths.length === 0) continue;
    box.subjects = group.by.map((reference) => subjectOf(reference, data));
    boxes.push(box);
  }
  return boxes;
}

/** Every subject whose key the planned boxes need (so the caller can make missing epochs first). */
export function subjectsOf(boxes: readonly PlannedBox[]): string[] {
  if (boxes.length === 1) return boxes[0].subjects; // a send's one box: no copy
  const subjects: string[] = [];
  for (const box of boxes) for (const subject of box.subjects) subjects.push(subject);
  return subjects;
}

/**
 * The data as stored: each planned box's values removed and put, encrypted under its subjects' key, in
 * `$sealed`. Deterministic for one event id, so a retried append stores the same bytes.
 */
export function sealPlanned(data: Record<string, unknown>, boxes: readonly PlannedBox[], eventId: string, ring: KeyRing): Record<string, unknown> {
  if (boxes.length === 0) return data;
  const entries: SealedEntry[] = [];
  const removed: string[] = [];
  for (const box of boxes) {
    const key = ring.keyFor(box.subjects);
    if (!key) throw new Error(`cannot seal for ${box.subjects.join(', ')}: already forgotten`);
    const entry: SealedEntry = { s: box.subjects, p: box.paths, f: box.forgotten, v: SEAL_FORMAT, b: '' };
    entry.b = sealText(key, boxContext(eventId, entry), JSON.stringify(box.values));
    entries.push(entry);
    removed.push(...box.paths);
  }
  // Added to the fresh copy rather than spread into another object with a computed key (a second copy,
  // made on V8's slow path, at every send).
  const stored = withoutPaths(data, removed);
  stored[SEALED] = entries;
  return stored;
}

/** Every subject whose key sealing this data needs. */
export const subjectsToSeal = (data: Record<string, unknown>, groups: readonly SealGroup[]): string[] => subjectsOf(planSeal(data, groups));

/** The data as stored (planSeal, then sealPlanned). */
export const sealData = (data: Record<string, unknown>, groups: readonly SealGroup[], eventId: string, ring: KeyRing): Record<string, unknown> =>
  sealPlanned(data, planSeal(data, groups), eventId, ring);
