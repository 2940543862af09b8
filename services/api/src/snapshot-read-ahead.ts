import { prefetchSnapshot } from '@chat/readstore/snapshot-prefetch';
import { configFromEnv, readModelsSnapshotFile } from './config.js';

/**
 * `npm start`'s first step (main.ts imports this module before any other, so it runs before the rest
 * of the server is even loaded): the read-models snapshot starts being read and checked in a worker
 * thread, while this thread loads the code and opens the stores; compose's snapshot load then takes
 * what the worker read. A restart at 1,000,000 messages spent about 1.5 s of its 3.4 s reading the
 * 300 MB file (docs/topics/benchmark.md, start-up).
 */
try {
  const file = readModelsSnapshotFile(configFromEnv());
  if (file !== null) prefetchSnapshot(file);
} catch {
  // A configuration that does not hold is reported by main, which reads it again.
}
