import http from 'node:http';
import { once } from 'node:events';
import { expect } from 'chai';
import { exportEvents, LogExportThread, ndjsonLine } from '@chat/eventstore';
import { startTestServer, type TestServer } from '../../support/test-server.js';

/** More than every buffer between the server and a client that does not read (kernel ones included). */
const EXPORT_BYTES = 24 * 1024 * 1024;
/** The longest message content the server takes. */
const CONTENT = 10_000;
const SENDERS = 8;

const settle = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('GET /export/events to a client that reads slowly', function () {
  this.timeout(180000);
  let server: TestServer;

  before(async function () {
    server = await startTestServer();
    // A log of more than EXPORT_BYTES: long messages (each is in the log with its rendered HTML).
    const channel = 'bulk';
    expect((await server.owner.post('/users/me/subscriptions', { subscriptions: [{ name: channel }] })).status).to.equal(200);
    const count = Math.ceil(EXPORT_BYTES / (2 * CONTENT));
    let next = 0;
    const sender = async (): Promise<void> => {
      while (next < count) {
        const i = next++;
        const res = await server.owner.post('/messages', { type: 'stream', to: channel, topic: `t${i % 10}`, content: `${i} ${'word '.repeat(CONTENT / 5 - 2)}` });
        expect(res.status).to.equal(200);
      }
    };
    await Promise.all(Array.from({ length: SENDERS }, sender));
  });
  after(() => server.stop());

  it('waits for the reader without holding other requests, then sends exactly the lines of the log', async function () {
    const lines: string[] = [];
    for await (const event of exportEvents(server.ctx.store, {}, await server.ctx.store.headPosition())) lines.push(ndjsonLine(event));
    const whole = lines.join('');
    expect(Buffer.byteLength(whole)).to.be.above(EXPORT_BYTES);
    const thread = server.ctx.logExports;
    if (!(thread instanceof LogExportThread)) throw new Error('the server exports through its thread');
    const before = thread.bytesReceived;

    const credentials = server.owner.credentials;
    const request = http.get(`${server.url}/api/v1/export/events`, { headers: { Authorization: `Basic ${Buffer.from(`${credentials?.email}:${credentials?.apiKey}`).toString('base64')}` } });
    const [response] = (await once(request, 'response')) as [http.IncomingMessage];
    response.pause();
    expect(response.statusCode).to.equal(200);

    // The export is in flight and its reader takes nothing: another user's request is answered meanwhile.
    expect((await server.owner.get('/users/me')).status).to.equal(200);
    // The thread stops reading once the buffers are full: what it handed over stays put, short of the log.
    let handed = -1;
    while (handed !== thread.bytesReceived - before) {
      handed = thread.bytesReceived - before;
      await settle(300);
    }
    expect(handed).to.be.below(Buffer.byteLength(whole));

    // Then the reader takes everything: the whole export arrives, byte for byte.
    const chunks: Buffer[] = [];
    response.on('data', (chunk: Buffer) => chunks.push(chunk));
    response.resume();
    await once(response, 'end');
    expect(thread.bytesReceived - before).to.equal(Buffer.byteLength(whole));
    const text = Buffer.concat(chunks).toString('utf8');
    expect(text.length).to.equal(whole.length);
    if (text !== whole) expect.fail('the export differs from the lines of the log');
  });
});
