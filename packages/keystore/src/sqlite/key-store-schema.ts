/**
 * The embedded key store: live masters, the keys left of materialized epochs in chunks of 1 KiB (a
 * forgetting rewrites only the chunks it changes), and a few facts.
 */
export const KEY_STORE_SCHEMA = `
CREATE TABLE IF NOT EXISTS masters (epoch TEXT PRIMARY KEY, master BLOB NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS epoch_key_chunks (epoch TEXT NOT NULL, chunk INTEGER NOT NULL, keys BLOB NOT NULL, PRIMARY KEY (epoch, chunk));
CREATE TABLE IF NOT EXISTS facts (name TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
`;

/** The pragmas every writing connection sets: no copy of deleted bytes survives a commit in the file. */
export const KEY_STORE_PRAGMAS = ['journal_mode = DELETE', 'secure_delete = ON', 'synchronous = FULL'];

/** The table of whole 32 KiB epoch key tables the store had before chunks; moved into chunks at open. */
export const LEGACY_EPOCH_KEYS = 'epoch_keys';
