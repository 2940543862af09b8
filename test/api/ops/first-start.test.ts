import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { pino } from 'pino';
import { decideCreateRealm, Role, streams } from '@chat/core';
import { closeContext, composeServer } from '../../../services/api/src/compose.js';
import { configFromEnv } from '../../../services/api/src/config.js';
import { startServer } from '../../../services/api/src/server.js';
import { expectSuccess } from '../../support/response-assertions.js';
import { ApiClient } from '../../support/api-client.js';
import { OWNER_EMAIL, OWNER_PASSWORD, startTestServer } from '../../support/test-server.js';

const ROOT = join(import.meta.dirname, '../../..');

describe('ops: getting in after a first start that failed', function () {
  this.timeout(20000);
  let dataDir: string;
  before(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'chat-first-start-'));
  });
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  it('creates the owner on the next start when only the organization was recorded', async () => {
    // What a start that stopped between the two commits leaves: the organization, no owner.
    const ctx = await composeServer(configFromEnv({ PORT: '0', DATA_DIR: dataDir }), { log: pino({ level: 'silent' }) });
    await ctx.bus.commit({ actorId: null, requestId: 'bootstrap', client: 'server' }, [{ stream: streams.realm(), expected: 'no_stream', events: decideCreateRealm({ name: 'Half Org' }) }]);
    await closeContext(ctx);

    // startTestServer logs in as the owner it configures: that works only if this start created it.
    const server = await startTestServer({ dataDir });
    try {
      expect(server.bootstrap.created).to.equal(true);
      const me = expectSuccess(await server.owner.get('/users/me'));
      expect(me).to.include({ email: OWNER_EMAIL, role: Role.Owner });
      expect(expectSuccess(await server.anonymous.get('/server_settings')).realm_name).to.equal('Half Org');
      const again = await server.restart();
      expect(again.bootstrap.created).to.equal(false);
      await again.close();
    } catch (error) {
      await server.close();
      throw error;
    }
  });

  it('`npm run -s owner-password` gives the owner a new password, printed, and refuses while a server runs', async function () {
    this.timeout(120000);
    const env = { ...process.env, PORT: '0', DATA_DIR: dataDir, CHAT_SCRYPT_COST: '1024' };
    const server = await startTestServer({ dataDir });
    try {
      await promisify(execFile)('npm', ['run', '-s', 'owner-password'], { cwd: ROOT, env }).then(
        () => expect.fail('reset beside a running server'),
        (error: { code: number; stderr: string }) => {
          expect(error.code).to.equal(1);
          expect(error.stderr).to.match(/^owner-password: data directory .* is in use by another server \(pid \d+\); stop it first\n$/);
        },
      );
    } finally {
      await server.close();
    }
    const { stdout } = await promisify(execFile)('npm', ['run', '-s', 'owner-password', '--', '--email', OWNER_EMAIL.toUpperCase()], { cwd: ROOT, env });
    const printed = /^Owner login: (\S+) {2}password: (\S+)\n$/.exec(stdout);
    expect(printed, stdout).to.not.equal(null);
    expect(printed![1]).to.equal(OWNER_EMAIL);
    const running = await startServer(configFromEnv({ PORT: '0', DATA_DIR: dataDir }), { log: pino({ level: 'silent' }) });
    try {
      const anonymous = new ApiClient(running.url, null);
      expect((await anonymous.post('/fetch_api_key', { username: OWNER_EMAIL, password: OWNER_PASSWORD })).status).to.equal(401);
      expect((await anonymous.post('/fetch_api_key', { username: OWNER_EMAIL, password: printed![2] })).status).to.equal(200);
    } finally {
      await running.close();
    }
  });
});
