import { createHash } from 'node:crypto';
import type { ReadModels } from '../read-models.js';

/** A read model by the name `ReadModels` gives it (`users`, `messages`, …). */
export type ReadModelName = keyof ReadModels;

export interface ModelDigest {
  /** Documents (messages, for the messages model). */
  count: number;
  /** sha256 over the model's keys in canonical order, each with its document's digest. */
  digest: string;
}

export interface ReadModelsDigest {
  /** sha256 over every model's name and digest: equal exactly when every model is. */
  digest: string;
  models: Record<string, ModelDigest>;
}

/** Where two sets of read models first differ; a digest is null where the key is missing. */
export interface KeyDifference {
  model: string;
  key: string;
  expected: string | null;
  actual: string | null;
}

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

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

/** The model names in the order `ReadModels` declares them: "first" in a difference follows it. */
export const readModelNames = (models: ReadModels): ReadModelName[] => Object.keys(models) as ReadModelName[];

export function isReadModelName(models: ReadModels, name: string): name is ReadModelName {
  return Object.hasOwn(models, name);
}

/** Each document's digest under its key; a message is keyed by its id and digested with its users' rows. */
export async function keyDigests(models: ReadModels, name: ReadModelName): Promise<Map<string, string>> {
  const digests = new Map<string, string>();
  const model = models[name];
  if ('scan' in model) {
    for await (const { message, rows } of model.scan()) {
      // Rows written compactly (`user:flags`, ascending by user): millions of them dominate the cost.
      digests.set(String(message.id), sha256(`${canonicalJson(message)}\n${rows.map((row) => `${row.user_id}:${row.flags}`).join(',')}`));
    }
    return digests;
  }
  for (const [key, doc] of await model.entries()) digests.set(key, sha256(canonicalJson(doc)));
  return digests;
}

/** One model's digest, independent of the order its documents are stored or listed in. */
export function modelDigest(digests: ReadonlyMap<string, string>): ModelDigest {
  const hash = createHash('sha256');
  for (const key of [...digests.keys()].sort(compareKeys)) hash.update(`${key}\t${digests.get(key)}\n`);
  return { count: digests.size, digest: hash.digest('hex') };
}

/** Every model's digest and their combination. Read it where no event is applied meanwhile. */
export async function readModelsDigest(models: ReadModels): Promise<ReadModelsDigest> {
  const byModel: Record<string, ModelDigest> = {};
  for (const name of readModelNames(models)) byModel[name] = modelDigest(await keyDigests(models, name));
  const combined = Object.entries(byModel).map(([name, model]) => `${name}\t${model.digest}\n`);
  return { digest: sha256(combined.join('')), models: byModel };
}

/** The first key, in canonical order, whose digest differs between the two listings of one model. */
export function firstDifferingKey(
  model: string,
  expected: ReadonlyMap<string, string>,
  actual: ReadonlyMap<string, string>,
): KeyDifference | undefined {
  const keys = [...new Set([...expected.keys(), ...actual.keys()])].sort(compareKeys);
  for (const key of keys) {
    const [want, got] = [expected.get(key) ?? null, actual.get(key) ?? null];
    if (want !== got) return { model, key, expected: want, actual: got };
  }
  return undefined;
}

/** The first model, in declaration order, whose digests differ (count or content). */
export function firstDifferingModel(expected: ReadModelsDigest, actual: ReadModelsDigest): string | undefined {
  const names = [...new Set([...Object.keys(expected.models), ...Object.keys(actual.models)])];
  return names.find((name) => expected.models[name]?.digest !== actual.models[name]?.digest);
}
