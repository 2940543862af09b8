import type { ReadModels } from '../read-models.js';

/** A read model by the name `ReadModels` gives it (`users`, `messages`, …). */
export type ReadModelName = keyof ReadModels;

/** The model names in the order `ReadModels` declares them: "first" in a difference follows it. */
export const readModelNames = (models: ReadModels): ReadModelName[] => Object.keys(models) as ReadModelName[];

export function isReadModelName(models: ReadModels, name: string): name is ReadModelName {
  return Object.hasOwn(models, name);
}

/**
 * JSON with object keys sorted at every depth: one document, one text, however it was built or stored.
 * As JSON.stringify otherwise: undefined members are left out, undefined array items become null.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const fields = value as Record<string, unknown>;
  const members: string[] = [];
  for (const key of Object.keys(fields).sort()) {
    if (fields[key] !== undefined) members.push(`${JSON.stringify(key)}:${canonicalJson(fields[key])}`);
  }
  return `{${members.join(',')}}`;
}

const INTEGER = /^-?\d+$/;

/** Keys in canonical order: numerically when both are integers, else by code unit. */
export function compareKeys(a: string, b: string): number {
  if (INTEGER.test(a) && INTEGER.test(b)) return Number(a) - Number(b);
  return a < b ? -1 : a > b ? 1 : 0;
}
