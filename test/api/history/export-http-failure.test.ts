import { expect } from 'chai';
import type { StoredEvent } from '@chat/core';
import type { ReadAllOptions } from '@chat/eventstore';
import { startTestServer, type TestServer } from '../../support/test-server.js';

describe('GET /export/events: a log that fails while exporting', function () {
  let server: TestServer;

  before(async function () {
    server = await startTestServer();
  });
  after(() => server.stop());

  it('cuts the response off, so the client sees an incomplete export rather than a finished one or no end', async function () {
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
      const credentials = server.owner.credentials;
      const authorization = `Basic ${Buffer.from(`${credentials?.email}:${credentials?.apiKey}`).toString('base64')}`;
      const outcome = await fetch(`${server.url}/api/v1/export/events`, { headers: { Authorization: authorization }, signal: AbortSignal.timeout(5000) })
        .then((res) => res.text())
        .then(
          () => 'complete',
          (error: unknown) => (error instanceof Error && error.name === 'TimeoutError' ? 'no end' : 'cut off'),
        );
      expect(outcome).to.equal('cut off');
    } finally {
      store.readAll = readAll;
    }
  });
});
