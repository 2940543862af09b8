import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Raised when what a snapshot file holds changes shape in a way the code below would not see. */
const SNAPSHOT_FORMAT = 1;

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** Everything that decides what the read models hold for a given log: events, upcasters, projections, stores. */
const SOURCES = ['schemas/events', 'packages/core/src', 'packages/eventstore/src/upcasting', 'projections/src', 'packages/readstore/src'];

function* filesUnder(dir: string): Generator<string> {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* filesUnder(path);
    else yield path;
  }
}

let computed: string | undefined;

/** The digest of the files below, worked out by the build (tools/build/ahead-of-time.ts); undeclared in the sources. */
declare const MODELS_VERSION: string | undefined;

/** The digest of every source file that shapes the read models, read once (the build's, in the compiled server). */
export function sourcesDigest(): string {
  if (typeof MODELS_VERSION !== 'undefined') return MODELS_VERSION;
  if (computed) return computed;
  const hash = createHash('sha256').update(`format ${SNAPSHOT_FORMAT}\n`);
  for (const file of modelsVersionFiles()) hash.update(file.slice(ROOT.length)).update('\0').update(readFileSync(file));
  computed = hash.digest('hex');
  return computed;
}

/** The files the digest is made of (the build stamps them: a change to any rebuilds it). */
export const modelsVersionFiles = (): string[] => SOURCES.flatMap((source) => [...filesUnder(join(ROOT, source))]);

/**
 * The version of the read models' code: a digest of every source file that shapes them and of the
 * projections run, in their order (the server's features list them). A snapshot written by any other
 * version (a schema, a projection, a store or the list changed) is not loaded: the log is replayed
 * instead, which is always right, where trusting a snapshot's layout or meaning might not be.
 */
export function modelsVersion(projections: readonly string[] = []): string {
  return createHash('sha256').update(sourcesDigest()).update(`\n${projections.join('\n')}`).digest('hex').slice(0, 32);
}
