import { join } from 'node:path';
import Database from 'better-sqlite3';
import { expect } from 'chai';
import type { StoredEvent } from '@chat/core';
import type { ReadAllOptions } from '@chat/eventstore';
import { startTestServer, type TestServer } from '../../support/test-server.js';

/** How the owner's export ended for the client: read to its end, broken off, or never ended. */
async function exportOutcome(server: TestServer): Promise<'complete' | 'cut off' | 'no end'> {
  const credentials = server.owner.credentials;
  const authorization = `Basic ${Buffer.from(`${credentials?.email}:${credentials?.apiKey}`).toString('base64')}`;
  return fetch(`${server.url}/api/v1/export/events`, { headers: { Authorization: authorization }, signal: AbortSignal.timeout(10000) })
    .then((res) => res.text())
    .then(
      () => 'complete' as const,
      (error: unknown) => (error instanceof Error && error.name === 'TimeoutError' ? ('no end' as const) : ('cut off' as const)),
    );
}

describe('GET /export/events: a log that fails while exporting', function () {
  let server: TestServer;

  before(async function () {
    server = await startTestServer();
  });
  after(() => server.stop());

  it('cuts the response off, so the client sees an incomplete export rather than a finished one or no end (a log read in the server thread)', async function () {
    // A log other than SQLite is exported in the server's own thread, through the store.
    server.ctx.config.eventStore = 'esdb';
    const store = server.ctx.store;
    const readAll = store.readAll.bind(store);
    store.readAll = async function* (options?: ReadAllOptions): AsyncIterable<StoredEvent> {
      let read = 0;
      for await (const event of readAll(options)) {
        if (++read > 3) throw new Error('the disk went away');
        yield event;
      }
    };
    try {
      expect(await exportOutcome(server)).to.equal('cut off');
    } finally {
      store.readAll = readAll;
      server.ctx.config.eventStore = 'sqlite';
    }
  });

  it('cuts the response off when the export thread fails reading a SQLite log', async function () {
    const file = new Database(join(server.dataDir, 'events.sqlite3'));
    try {
      file.prepare("UPDATE events SET data = 'not JSON' WHERE position = 5").run();
    } finally {
      file.close();
    }
    expect(await exportOutcome(server)).to.equal('cut off');
  });
});
