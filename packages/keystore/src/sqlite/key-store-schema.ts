/** The embedded key store: live masters, the keys left of materialized epochs, and a few facts. */
export const KEY_STORE_SCHEMA = `
CREATE TABLE IF NOT EXISTS masters (epoch TEXT PRIMARY KEY, master BLOB NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS epoch_keys (epoch TEXT PRIMARY KEY, keys BLOB NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS facts (name TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
`;

/** The pragmas every writing connection sets: no copy of deleted bytes survives a commit in the file. */
export const KEY_STORE_PRAGMAS = ['journal_mode = DELETE', 'secure_delete = ON', 'synchronous = FULL'];
