import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore } from '@chat/eventstore';
import { EsdbEventStore } from '@chat/eventstore/esdb';
import { eventStoreContract } from './event-store.contract.js';
import { multiStreamContract } from './event-store-streams.contract.js';

const directories: string[] = [];

eventStoreContract(
  'SqliteEventStore',
  async () => {
    const directory = mkdtempSync(join(tmpdir(), 'chat-events-'));
    directories.push(directory);
    return new SqliteEventStore(join(directory, 'events.sqlite'));
  },
  async () => {
    for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
  },
);

multiStreamContract('SqliteEventStore', async () => {
  const directory = mkdtempSync(join(tmpdir(), 'chat-events-'));
  directories.push(directory);
  return new SqliteEventStore(join(directory, 'events.sqlite'));
}, { atomic: true });

const esdbUrl = process.env.ESDB_URL;
if (esdbUrl) {
  eventStoreContract('EsdbEventStore', async () => EsdbEventStore.connect(esdbUrl));
  multiStreamContract('EsdbEventStore', async () => EsdbEventStore.connect(esdbUrl), { atomic: false });
} else {
  describe('EventStore contract: EsdbEventStore', function () {
    it('runs only against a server: set ESDB_URL, e.g. esdb://localhost:2113?tls=false');
  });
}
