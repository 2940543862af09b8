import type { ReadModelName, ReadModelsDigest } from '@chat/projections';

/** The live read models' digests, and the log position they stand at. */
export interface LiveDigest extends ReadModelsDigest {
  position: number;
}

/** Where a replay finds the read models a server keeps, to compare with. */
export interface LiveReadModels {
  /** Where they are, for messages. */
  readonly source: string;
  digest(): Promise<LiveDigest>;
  /** The digest again, with one model's digest per key (it may stand at a later position). */
  keys(model: ReadModelName): Promise<LiveDigest & { keys: Map<string, string> }>;
  close(): Promise<void>;
}
