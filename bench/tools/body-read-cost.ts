/**
 * Micro-benchmark: what reading a fetch's 5,000 bodies from the log costs in one process, through the
 * server's own stack (SealingEventStore over the SQLite log, its keys loaded once), 100 positions a read
 * as GET /messages reads them: the part of sealing_cost's first fetch after a start that sealing changes.
 * The firehose channel's 5,000 newest sends, each body's two texts read. Round 0 is the cold one
 * (nothing compiled yet); later rounds are warm. Prints CPU ms per round (all threads, and the main one).
 *   node --import tsx bench/tools/body-read-cost.ts <copy of a seeded organization's dataDir> [rounds]
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { StoredEvent } from '@chat/core';
import { EventSchemaRegistry, SealingEventStore, sealSpecsOf, SqliteEventStore } from '@chat/eventstore';
import { SqliteKeyStore, SubjectKeys } from '@chat/keystore';
import { bodyCarriedBy } from '@chat/projections';
import { mainThreadCpuMilliseconds } from '../lib/server-process.js';

const READ_BATCH = 100;
const [dataDir, roundsArg] = process.argv.slice(2);
const org = JSON.parse(readFileSync(join(dataDir, 'bench-org.json'), 'utf8')) as { firehose: { channel: { id: number } } };
const db = new Database(join(dataDir, 'events.sqlite3'), { readonly: true });
const rows = db
  .prepare(`SELECT position, json_extract(data, '$.message_id') AS id FROM events WHERE type = 'MessageSent' AND json_extract(data, '$.recipient.channel_id') = ? ORDER BY position DESC LIMIT 5000`)
  .all(org.firehose.channel.id) as { position: number; id: number }[];
const sealed = db.prepare(`SELECT 1 FROM events WHERE type = 'MessageSent' AND data LIKE '%"$sealed"%' LIMIT 1`).get() !== undefined;
db.close();
const keys = await SubjectKeys.open(new SqliteKeyStore(join(dataDir, 'keys.sqlite3')));
const reader = new SealingEventStore(new SqliteEventStore(join(dataDir, 'events.sqlite3')), sealSpecsOf(new EventSchemaRegistry().schemas.values()), keys);


for (let round = 0; round < Number(roundsArg ?? 5); round++) {
  const cpu = process.cpuUsage();
  const main = mainThreadCpuMilliseconds(process.pid);
  const started = performance.now();
  const events: StoredEvent[] = [];
  for (let from = 0; from < rows.length; from += READ_BATCH) events.push(...(await reader.readAt(rows.slice(from, from + READ_BATCH).map((row) => row.position))));
  let chars = 0;
  for (let i = 0; i < events.length; i++) {
    const body = bodyCarriedBy(events[i], rows[i].id);
    chars += (body?.content.length ?? 0) + (body?.rendered_content.length ?? 0);
  }
  const used = process.cpuUsage(cpu);
  const label = `${sealed ? 'sealed' : 'unsealed'} round ${round}`;
  console.log(`${label}: ${((used.user + used.system) / 1000).toFixed(1)} ms cpu (main thread ${mainThreadCpuMilliseconds(process.pid) - main}), ${(performance.now() - started).toFixed(1)} ms wall, ${events.length} events, ${chars} chars`);
}
await reader.close();
await keys.close();
