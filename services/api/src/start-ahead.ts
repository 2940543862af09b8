import { bootKeyStoreThread } from '@chat/keystore/key-store-boot';
import { prefetchSnapshot } from '@chat/readstore/snapshot-prefetch';
import { configFromEnv, readModelsSnapshotFile } from './config.js';
import { keyLocation } from './keys/key-location.js';

/**
 * `npm start`'s first step (main.ts imports this module before any other, so it runs before most of
 * the server is even loaded): what takes other threads a while begins here, while this thread loads
 * the code and opens the stores.
 * - The read-models snapshot is read and its checksums checked in a worker thread; compose's snapshot
 *   load then takes what the worker read and maps its arrays file (docs/topics/read-models.md).
 * - The embedded key store's thread is started, its code and SQLite loaded; it opens keys.sqlite3 when
 *   compose names it, after the checks made before (a restart at 1,000,000 messages waited about 0.4 s
 *   for it on a loaded machine, idle; a first start too).
 */
try {
  const config = configFromEnv();
  const file = readModelsSnapshotFile(config);
  if (file !== null) prefetchSnapshot(file);
  if (keyLocation(config).kind === 'sqlite') bootKeyStoreThread();
} catch {
  // A configuration that does not hold is reported by main, which reads it again.
}
