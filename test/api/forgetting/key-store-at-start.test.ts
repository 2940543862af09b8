import { expect } from 'chai';
import { copyFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createChannels } from '../../support/channel-requests.js';
import { postToChannel } from '../../support/message-requests.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';

/** A log with sealed values never starts without its own, readable key store: no placeholders for live data. */
describe('forgetting: the key store is checked at start', function () {
  this.timeout(60_000);
  let server: TestServer;
  let other: TestServer;

  before(async () => {
    server = await startTestServer();
    const [channel] = await createChannels(server.owner, ['kept']);
    await postToChannel(server.owner, channel, 't', 'a sealed message');
    await server.close();
    other = await startTestServer();
    await other.close();
  });

  const startError = async (): Promise<string> => {
    try {
      const started = await startTestServer({ dataDir: server.dataDir });
      await started.close();
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
    return 'started';
  };
  const keys = (s: TestServer): string => join(s.dataDir, 'keys.sqlite3');

  it('refuses to start when the key store is missing and the log holds sealed values', async () => {
    copyFileSync(keys(server), `${keys(server)}.saved`);
    rmSync(keys(server));
    expect(await startError()).to.match(/key store .*keys\.sqlite3 is missing, but the log holds sealed values/);
  });

  it('refuses a damaged key store', async () => {
    writeFileSync(keys(server), Buffer.alloc(8192, 0x5a));
    expect(await startError()).to.match(/key store .*keys\.sqlite3 cannot be read|is damaged/);
  });

  it('refuses a key store that belongs to another log', async () => {
    copyFileSync(keys(other), keys(server));
    expect(await startError()).to.match(/the key store (belongs to another log|does not belong to this log)/);
  });

  it('starts again once its own key store is back', async () => {
    copyFileSync(`${keys(server)}.saved`, keys(server));
    expect(await startError()).to.equal('started');
  });
});
