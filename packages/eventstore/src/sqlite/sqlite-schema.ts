/** The embedded log: one table, global position, one row per event. */
export const SQLITE_SCHEMA = `
CREATE TABLE IF NOT EXISTS events (
  position   INTEGER PRIMARY KEY,
  stream     TEXT    NOT NULL,
  revision   INTEGER NOT NULL,
  id         TEXT    NOT NULL UNIQUE,
  type       TEXT    NOT NULL,
  data       TEXT    NOT NULL,
  metadata   TEXT    NOT NULL,
  -- sha256 over the previous row's hash and this row's content: a tamper-evident chain
  hash       TEXT    NOT NULL,
  UNIQUE (stream, revision)
);
`;
