import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore } from '@chat/eventstore';
import { EsdbEventStore, EsdbWriterLease } from '@chat/eventstore/esdb';
import { FakeEsdb } from '../support/fake-esdb.js';
import { ESDB_URL, needsServer, runName } from '../support/production-stores.js';
import { eventStoreContract } from './event-store.contract.js';
import { eventStoreReadsContract } from './event-store-reads.contract.js';
import { eventStoreRetriesContract } from './event-store-retries.contract.js';
import { multiStreamContract } from './event-store-streams.contract.js';
import { esdbConnectionContract } from './esdb-connection.contract.js';
import { writerLeaseContract } from './writer-lease.contract.js';

const directories: string[] = [];
const sqlite = async (): Promise<SqliteEventStore> => {
  const directory = mkdtempSync(join(tmpdir(), 'chat-events-'));
  directories.push(directory);
  return new SqliteEventStore(join(directory, 'events.sqlite'));
};

eventStoreContract('SqliteEventStore', sqlite, async () => {
  for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
});
multiStreamContract('SqliteEventStore', sqlite, { atomic: true });
eventStoreReadsContract('SqliteEventStore', sqlite);
eventStoreRetriesContract('SqliteEventStore', sqlite, { remembersIdsForever: true });
after(() => {
  for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
});

// The EventStoreDB adapter over a stand-in that keeps the server's documented behaviour (positions
// that are byte offsets, reads open until read out, ids remembered for a while): run everywhere.
const standIn = new FakeEsdb();
const overStandIn = async () => new EsdbEventStore(standIn.client(), { streamPrefix: 'stand-in-' });
eventStoreContract('EsdbEventStore over a stand-in server', overStandIn);
multiStreamContract('EsdbEventStore over a stand-in server', overStandIn, { atomic: false });
eventStoreReadsContract('EsdbEventStore over a stand-in server', overStandIn);
eventStoreRetriesContract('EsdbEventStore over a stand-in server', overStandIn, { remembersIdsForever: false });
esdbConnectionContract('a stand-in server', () => new EsdbEventStore(standIn.client({ throwOnAppendFailure: false }), { streamPrefix: 'stand-in-' }));
writerLeaseContract('EsdbWriterLease over a stand-in server', () => new EsdbWriterLease(standIn.client(), 'stand-in-'), () => standIn.dropPersistentSubscribers());

const url = ESDB_URL;
if (url) {
  // A stream prefix per run: this run's log is its own, whatever else the server holds.
  const prefix = `${runName('contract')}-`;
  const esdb = async () => EsdbEventStore.connect(url, { streamPrefix: prefix });
  eventStoreContract('EsdbEventStore', esdb);
  multiStreamContract('EsdbEventStore', esdb, { atomic: false });
  eventStoreReadsContract('EsdbEventStore', esdb);
  eventStoreRetriesContract('EsdbEventStore', esdb, { remembersIdsForever: false });
  writerLeaseContract('EsdbWriterLease', () => EsdbWriterLease.connect(url, prefix));
  esdbConnectionContract('the server at ESDB_URL', () => EsdbEventStore.connect(`${url}${url.includes('?') ? '&' : '?'}throwOnAppendFailure=false`, { streamPrefix: prefix }));
} else {
  needsServer('EventStore contract: EsdbEventStore', 'ESDB_URL');
}
