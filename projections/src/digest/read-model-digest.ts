import { createHash } from 'node:crypto';
import type { ReadModels } from '../read-models.js';
import { canonicalJson, compareKeys, type ReadModelName } from './canonical-json.js';
import { type ModelSnapshot, type ReadModelsSnapshot, snapshotModel, snapshotReadModels } from './read-model-snapshot.js';

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

/** How many keys are hashed between two turns of the event loop, so a digest never holds the process long. */
const SLICE = 2000;
const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Each key's digest in a model's snapshot; a message is keyed by its id and digested with its users' rows. */
export async function snapshotKeyDigests(snapshot: ModelSnapshot): Promise<Map<string, string>> {
  const digests = new Map<string, string>();
  if (snapshot.kind === 'messages') {
    for (const [index, { message, rows }] of snapshot.messages.entries()) {
      if (index > 0 && index % SLICE === 0) await nextTurn();
      // Rows written compactly (`user:flags`, ascending by user): millions of them dominate the cost.
      digests.set(String(message.id), sha256(`${canonicalJson(message)}\n${rows.map((row) => `${row.user_id}:${row.flags}`).join(',')}`));
    }
    return digests;
  }
  for (const [index, [key, json]] of snapshot.entries.entries()) {
    if (index > 0 && index % SLICE === 0) await nextTurn();
    digests.set(key, sha256(json));
  }
  return digests;
}

/** One model's digest, independent of the order its documents are stored or listed in. */
export function modelDigest(digests: ReadonlyMap<string, string>): ModelDigest {
  const hash = createHash('sha256');
  for (const key of [...digests.keys()].sort(compareKeys)) hash.update(`${key}\t${digests.get(key)}\n`);
  return { count: digests.size, digest: hash.digest('hex') };
}

/** Every model's digest and their combination, from snapshots taken at one position. */
export async function snapshotDigest(snapshot: ReadModelsSnapshot): Promise<ReadModelsDigest> {
  const byModel: Record<string, ModelDigest> = {};
  for (const [name, model] of snapshot) byModel[name] = modelDigest(await snapshotKeyDigests(model));
  const combined = Object.entries(byModel).map(([name, model]) => `${name}\t${model.digest}\n`);
  return { digest: sha256(combined.join('')), models: byModel };
}

/** Each document's digest under its key, read from the models now. */
export async function keyDigests(models: ReadModels, name: ReadModelName): Promise<Map<string, string>> {
  return snapshotKeyDigests(await snapshotModel(models, name));
}

/** Every model's digest and their combination. Read it where no event is applied meanwhile. */
export async function readModelsDigest(models: ReadModels): Promise<ReadModelsDigest> {
  return snapshotDigest(await snapshotReadModels(models));
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
