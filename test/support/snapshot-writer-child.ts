import { join } from 'node:path';
import { SqliteEventStore } from '@chat/eventstore';
import { aSnapshottedStore } from './snapshot-fixture.js';

/** Writes snapshots of 20,000 messages into `<dir>/read-models.snapshot` at positions 3 and 4 in turn, until killed. */
async function main(dir: string): Promise<void> {
  const log = new SqliteEventStore(join(dir, 'events.sqlite3'));
  const { snapshots } = await aSnapshottedStore(log, join(dir, 'read-models.snapshot'), 20_000);
  for (let turn = 0; ; turn++) {
    await snapshots.save((read) => read(3 + (turn % 2)));
    process.stdout.write(`written ${turn}\n`);
  }
}

void main(process.argv[2]);
