import { firstDifferingKey, firstDifferingModel, isReadModelName, keyDigests, type KeyDifference, readModelsDigest } from '@chat/projections';
import type { LiveReadModels } from './live-read-models.js';
import type { LogReplay } from './replay-log.js';

export type Comparison =
  | { equal: true; position: number; digest: string }
  | {
      equal: false;
      position: number;
      liveDigest: string;
      replayDigest: string;
      /** The first read model that differs, and its first key that differs (null key: not listed per key). */
      difference: KeyDifference | { model: string; key: null };
    }
  | { equal: false; position: number; logEndsAt: number };

/** Live models that keep moving are caught up with this many times before giving up. */
const ROUNDS = 5;

/**
 * Replays up to the live models' position and compares the digests. On a difference it asks for
 * the first differing model's digest per key; if the live models moved on meanwhile, the replay
 * catches up to their new position and compares again.
 */
export async function compareWithLive(replay: LogReplay, live: LiveReadModels): Promise<Comparison> {
  let target = await live.digest();
  for (let round = 0; round < ROUNDS; round++) {
    const { position } = await replay.to(target.position);
    if (position < target.position) return { equal: false, position: target.position, logEndsAt: position };
    const local = await readModelsDigest(replay.models);
    if (local.digest === target.digest) return { equal: true, position, digest: local.digest };
    const model = firstDifferingModel(target, local) ?? '(model list)';
    const base = { equal: false as const, position, liveDigest: target.digest, replayDigest: local.digest };
    if (!isReadModelName(replay.models, model)) return { ...base, difference: { model, key: null } };
    const detailed = await live.keys(model);
    if (detailed.position === position) {
      const difference = firstDifferingKey(model, detailed.keys, await keyDigests(replay.models, model));
      return { ...base, difference: difference ?? { model, key: null } };
    }
    target = detailed;
  }
  throw new Error(`the live read models moved on ${ROUNDS} times while being compared; compare against an idle server`);
}

/** The comparison as lines for a person. */
export function describeComparison(comparison: Comparison, source: string): string {
  if (comparison.equal) return `equal to ${source} at position ${comparison.position}: ${comparison.digest}\n`;
  if ('logEndsAt' in comparison) {
    return `DIFFERENT: the log ends at position ${comparison.logEndsAt}, before the position of ${source} (${comparison.position})\n`;
  }
  const { difference } = comparison;
  const where = difference.key === null ? `read model '${difference.model}'` : `read model '${difference.model}', key '${difference.key}'`;
  const detail =
    difference.key === null ? '' : ` (live ${difference.expected ?? 'missing'}, replay ${difference.actual ?? 'missing'})`;
  return [
    `DIFFERENT from ${source} at position ${comparison.position}`,
    `  live digest:   ${comparison.liveDigest}`,
    `  replay digest: ${comparison.replayDigest}`,
    `  first difference: ${where}${detail}`,
    '',
  ].join('\n');
}
