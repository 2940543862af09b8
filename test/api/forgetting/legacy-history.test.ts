import { expect } from 'chai';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createChannels } from '../../support/channel-requests.js';
import { runEvents } from '../../support/cli-run.js';
import { postToChannel } from '../../support/message-requests.js';
import { rawFindings, uniqueToken } from '../../support/raw-scan.js';
import { expectSuccess } from '../../support/response-assertions.js';
import { OWNER_EMAIL, OWNER_PASSWORD, startTestServer, type TestServer } from '../../support/test-server.js';

/**
 * A log written before sealing keeps working, and `events seal-history` brings it under the same
 * guarantee: its deleted messages leave every file, the rest is sealed, a seal taken before still
 * verifies through the hashes the new chain carries.
 */
describe('forgetting: a log written before sealing, sealed anew', function () {
  this.timeout(90_000);
  let server: TestServer;
  let channel = 0;
  const deleted = uniqueToken('legacydeleted');
  const kept = uniqueToken('legacykept');
  const later = uniqueToken('sealedlater');
  const ids: Record<string, number> = {};
  const sealFile = (): string => join(server.dataDir, '..', `legacy-seal-${process.pid}.json`);

  before(async () => {
    // Written as a server before sealing wrote it: every text in clear.
    server = await startTestServer({ env: { CHAT_LOG_SEALING: 'off' } });
    [channel] = await createChannels(server.owner, ['history']);
    ids.deleted = await postToChannel(server.owner, channel, 'old', `old ${deleted}`);
    ids.kept = await postToChannel(server.owner, channel, 'old', `old ${kept}`);
    expectSuccess(await server.owner.delete(`/messages/${ids.deleted}`));
    await server.close();
  });
  after(() => server.stop());

  it('keeps working under the new version: old texts in clear are read, new ones sealed', async () => {
    expect(rawFindings(server.dataDir, [deleted, kept]).filter((line) => line.includes('events.sqlite3'))).to.have.length(2);
    server = await startTestServer({ dataDir: server.dataDir });
    expect((expectSuccess(await server.owner.get(`/messages/${ids.kept}`, { apply_markdown: 'false' })).message as { content: string }).content).to.contain(kept);
    ids.later = await postToChannel(server.owner, channel, 'new', `new ${later}`);
    expect(rawFindings(server.dataDir, [later]).filter((line) => line.includes('events.sqlite3'))).to.deep.equal([]);
    const sealed = await runEvents(['verify', '--data-dir', server.dataDir, '--seal', '--out', sealFile()], {});
    expect(sealed.code, sealed.stderr).to.equal(0);
  });

  it('is refused while the server runs', async () => {
    const run = await runEvents(['seal-history', '--data-dir', server.dataDir], {});
    expect(run.code).to.equal(1);
    expect(run.stderr).to.contain('a server is running on');
  });

  it('seals the history with the server stopped: the deleted text is in no file, the kept ones only sealed', async () => {
    await server.close();
    expect(readdirSync(server.dataDir).filter((name) => name.startsWith('read-models.snapshot'))).to.have.length(2);
    const run = await runEvents(['seal-history', '--data-dir', server.dataDir], {});
    expect(run.code, run.stderr).to.equal(0);
    // The snapshot and its arrays file are derived from the old log: both go, and are built again.
    expect(readdirSync(server.dataDir).filter((name) => name.startsWith('read-models.snapshot'))).to.deep.equal([]);
    expect(run.stdout).to.match(/^sealed \d+ events of \d+; \d+ deleted values forgotten; head \d+: was [0-9a-f]{64}, now [0-9a-f]{64}\n$/);
    expect(rawFindings(server.dataDir, [deleted, kept, later])).to.deep.equal([]);
  });

  it('verifies, and a seal taken before still holds through the earlier hashes the new chain carries', async () => {
    const verified = await runEvents(['verify', '--data-dir', server.dataDir], {});
    expect(verified.code, verified.stdout).to.equal(0);
    expect(verified.stdout).to.match(/history up to position \d+ sealed anew on .* \(record genuine; earlier hash [0-9a-f]{64}\)/);
    const against = await runEvents(['verify', '--data-dir', server.dataDir, '--against', sealFile()], {});
    expect(against.code, against.stdout).to.equal(0);
    expect(against.stdout).to.contain('before its history was sealed anew');
  });

  it('serves the kept messages from the sealed log, and a replay equals the live models', async () => {
    server = await startTestServer({ dataDir: server.dataDir });
    const owner = await server.anonymous.login(OWNER_EMAIL, OWNER_PASSWORD);
    expect((expectSuccess(await owner.get(`/messages/${ids.kept}`, { apply_markdown: 'false' })).message as { content: string }).content).to.contain(kept);
    expect((expectSuccess(await owner.get(`/messages/${ids.later}`, { apply_markdown: 'false' })).message as { content: string }).content).to.contain(later);
    const credentials = owner.credentials!;
    const replay = await runEvents(['replay', '--data-dir', server.dataDir, '--server-url', server.url], { CHAT_EMAIL: credentials.email, CHAT_API_KEY: credentials.apiKey });
    expect(replay.code, replay.stdout + replay.stderr).to.equal(0);
  });
});
