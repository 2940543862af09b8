import { expect } from 'chai';
import type { LogExports } from '@chat/eventstore';
import { startTestServer, type TestServer } from '../../support/test-server.js';

describe('GET /export/events: an export that fails once its answer has begun', function () {
  let server: TestServer;

  before(async function () {
    server = await startTestServer();
  });
  after(() => server.stop());

  it('cuts the response off, so the client sees an incomplete export rather than a finished one or no end', async function () {
    const exports = server.ctx.logExports;
    const failing: LogExports = {
      async *export() {
        yield Buffer.from('{"position":1}\n');
        throw new Error('the disk went away');
      },
      close: () => exports.close(),
    };
    server.ctx.logExports = failing;
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
      server.ctx.logExports = exports;
    }
    // The server goes on serving, exports included.
    expect((await server.owner.get('/users/me')).status).to.equal(200);
  });
});
