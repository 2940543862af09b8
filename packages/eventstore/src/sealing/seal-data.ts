import { type KeyRing, sealBox } from '@chat/keystore';
import { expandPath, valueAt, withoutPaths } from './object-paths.js';
import type { SealGroup } from './seal-spec.js';
import { boxContext, SEALED, type SealedEntry } from './sealed-envelope.js';

/** `message:message_id` → `message-42`, read from the event's top-level data. */
function subjectOf(reference: string, data: Record<string, unknown>): string {
  const [kind, field] = reference.split(':');
  const id = data[field];
  if (typeof id !== 'number' && typeof id !== 'string') throw new Error(`sealed value needs '${field}' to name its ${kind}`);
  return `${kind}-${id}`;
}

/** A forgotten-value template with `{field}` filled from the data. */
function filled(template: unknown, data: Record<string, unknown>): unknown {
  if (typeof template !== 'string') return template;
  return template.replace(/\{([a-z_]+)\}/g, (_, field: string) => String(data[field]));
}

/** The values a group seals in this data (nulls and absent ones are not sealed: they say nothing). */
function present(data: Record<string, unknown>, group: SealGroup): { paths: string[]; values: unknown[]; forgotten: unknown[] } {
  const out = { paths: [] as string[], values: [] as unknown[], forgotten: [] as unknown[] };
  group.paths.forEach((pattern, index) => {
    for (const path of expandPath(data, pattern)) {
      const value = valueAt(data, path);
      if (value === undefined || value === null) continue;
      out.paths.push(path);
      out.values.push(value);
      out.forgotten.push(filled(group.forgotten[index], data));
    }
  });
  return out;
}

/** Every subject whose key sealing this data needs (so the caller can make missing epochs first). */
export function subjectsToSeal(data: Record<string, unknown>, groups: readonly SealGroup[]): string[] {
  return groups.flatMap((group) => (present(data, group).paths.length > 0 ? group.by.map((reference) => subjectOf(reference, data)) : []));
}

/**
 * The data as stored: each group's values removed and put, encrypted under the group's subjects'
 * key, in `$sealed`. Deterministic for one event id, so a retried append stores the same bytes.
 */
export function sealData(data: Record<string, unknown>, groups: readonly SealGroup[], eventId: string, ring: KeyRing): Record<string, unknown> {
  const entries: SealedEntry[] = [];
  const removed: string[] = [];
  for (const group of groups) {
    const { paths, values, forgotten } = present(data, group);
    if (paths.length === 0) continue;
    const subjects = group.by.map((reference) => subjectOf(reference, data));
    const key = ring.keyFor(subjects);
    if (!key) throw new Error(`cannot seal for ${subjects.join(', ')}: already forgotten`);
    const entry = { s: subjects, p: paths, f: forgotten, b: '' };
    entry.b = sealBox(key, boxContext(eventId, entry), Buffer.from(JSON.stringify(values))).toString('base64');
    entries.push(entry);
    removed.push(...paths);
  }
  if (entries.length === 0) return data;
  return { ...withoutPaths(data, removed), [SEALED]: entries };
}
