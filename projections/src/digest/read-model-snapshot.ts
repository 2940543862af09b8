import type { MessageSnapshot } from '@chat/readstore';
import type { ReadModels } from '../read-models.js';
import { canonicalJson, type ReadModelName, readModelNames } from './canonical-json.js';

/**
 * One model as it stood at one log position, in what a digest needs: a document model's canonical
 * JSON per key, or the message store's snapshots (which the store never changes once yielded).
 */
export type ModelSnapshot = { kind: 'documents'; entries: [key: string, json: string][] } | { kind: 'messages'; messages: MessageSnapshot[] };

export type ReadModelsSnapshot = Map<ReadModelName, ModelSnapshot>;

/**
 * Takes what the digest of one model needs. Called where no event is applied (the projection runner's
 * `exclusive`), it is the only part of a digest that must be: the hashing runs afterwards, on this copy.
 * Documents are turned into text at once, since a projection could change a stored document in place;
 * messages are kept as scanned (`MessageStore.scan` promises they stay as yielded).
 */
export async function snapshotModel(models: ReadModels, name: ReadModelName): Promise<ModelSnapshot> {
  const model = models[name];
  if ('scan' in model) {
    const messages: MessageSnapshot[] = [];
    for await (const snapshot of model.scan()) messages.push(snapshot);
    return { kind: 'messages', messages };
  }
  const entries: [string, string][] = [];
  for (const [key, doc] of await model.entries()) entries.push([key, canonicalJson(doc)]);
  return { kind: 'documents', entries };
}

/** Every model's snapshot, in the order `ReadModels` declares them. */
export async function snapshotReadModels(models: ReadModels): Promise<ReadModelsSnapshot> {
  const snapshot: ReadModelsSnapshot = new Map();
  for (const name of readModelNames(models)) snapshot.set(name, await snapshotModel(models, name));
  return snapshot;
}
