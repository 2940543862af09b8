import { join } from 'node:path';
import type { KeyLocation } from '@chat/keystore';
import type { Config } from '../config.js';
import { mongoDatabase } from '../config-stores.js';

/** The embedded key store's file, beside the log. */
export const keysFile = (dataDir: string): string => join(dataDir, 'keys.sqlite3');

/** Where the configured key store is, for readers with connections of their own (the export thread). */
export function keyLocation(config: Config): KeyLocation {
  if (config.keyStore === 'mongodb' && config.mongoUrl) return { kind: 'mongodb', url: config.mongoUrl, database: mongoDatabase(config.stores, 'keys') };
  return { kind: 'sqlite', file: keysFile(config.dataDir) };
}
