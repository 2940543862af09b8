import http from 'node:http';
import { once } from 'node:events';
import { expect } from 'chai';
import type { StoredEvent } from '@chat/core';
import { ndjsonLine, type ReadAllOptions } from '@chat/eventstore';
import { startTestServer, type TestServer } from '../../support/test-server.js';

/** More than every socket buffer between the server and a client that does not read (kernel ones included). */
const EXPORT_BYTES = 24 * 1024 * 1024;

describe('GET /export/events to a client that reads slowly', function () {
  this.timeout(120000);
  let server: TestServer;

  before(async function () {
    server = await startTestServer();
  });
  after(() => server.stop());

  it('waits for the reader without holding other requests, then sends exactly the lines of the log', async function () {
    const store = server.ctx.store;
    const readAll = store.readAll.bind(store);
    const events: StoredEvent[] = [];
    for await (const event of readAll()) events.push(event);
    const onePass = events.map((event) => ndjsonLine(event)).join('');
    // The log is made long by reading each event many times over (the filter keeps them all: same positions).
    const repeat = Math.ceil(EXPORT_BYTES / Buffer.byteLength(onePass));
    let read = 0;
    store.readAll = async function* (options?: ReadAllOptions): AsyncIterable<StoredEvent> {
      for await (const event of readAll(options)) {
        for (let i = 0; i < repeat; i++) {
          read++;
          yield event;
        }
      }
    };
    try {
      const credentials = server.owner.credentials;
      const request = http.get(`${server.url}/api/v1/export/events`, { headers: { Authorization: `Basic ${Buffer.from(`${credentials?.email}:${credentials?.apiKey}`).toString('base64')}` } });
      const [response] = (await once(request, 'response')) as [http.IncomingMessage];
      response.pause();
      expect(response.statusCode).to.equal(200);

      // The export is in flight and its reader takes nothing: another user's request is answered meanwhile.
      const me = await server.owner.get('/users/me');
      expect(me.status).to.equal(200);
      const readWhileWaiting = read;
      expect(readWhileWaiting).to.be.below(events.length * repeat);

      // Then the reader takes everything: the whole export arrives, byte for byte.
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.resume();
      await once(response, 'end');
      expect(read).to.equal(events.length * repeat);
      const text = Buffer.concat(chunks).toString('utf8');
      expect(text.length).to.equal(onePass.length * repeat);
      let at = 0;
      for (const event of events) {
        const line = ndjsonLine(event);
        for (let i = 0; i < repeat; i++, at += line.length) if (text.startsWith(line, at) === false) expect.fail(`line ${at} differs`);
      }
    } finally {
      store.readAll = readAll;
    }
  });
});
