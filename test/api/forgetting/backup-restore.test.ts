import { expect } from 'chai';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createChannels } from '../../support/channel-requests.js';
import { runEvents } from '../../support/cli-run.js';
import { postToChannel } from '../../support/message-requests.js';
import { rawFindings, uniqueToken } from '../../support/raw-scan.js';
import { expectSuccess } from '../../support/response-assertions.js';
import { OWNER_EMAIL, OWNER_PASSWORD, startTestServer, type TestServer } from '../../support/test-server.js';
import { uploaded } from '../../support/upload-requests.js';

/**
 * `events backup` copies a running server's durable state consistently; `events restore` brings it up
 * in an empty directory that verifies and serves. A backup holds what was not yet deleted when it was
 * made (sealed, with its key), and nothing deleted before.
 */
describe('forgetting: backup and restore', function () {
  this.timeout(90_000);
  let server: TestServer;
  let restored: TestServer | null = null;
  const backupDir = join(mkdtempSync(join(tmpdir(), 'chat-backup-')), 'backup');
  const restoreDir = join(mkdtempSync(join(tmpdir(), 'chat-restore-')), 'data');
  const deletedBefore = uniqueToken('deletedbefore');
  const deletedAfter = uniqueToken('deletedafter');
  const kept = uniqueToken('kept');
  const ids: Record<string, number> = {};
  let pathId = '';

  before(async () => {
    server = await startTestServer();
    const [channel] = await createChannels(server.owner, ['backups']);
    ids.before = await postToChannel(server.owner, channel, 't', `gone ${deletedBefore}`);
    ids.after = await postToChannel(server.owner, channel, 't', `later ${deletedAfter}`);
    ({ pathId } = await uploaded(server.owner, 'notes.txt', 'file bytes'));
    ids.kept = await postToChannel(server.owner, channel, 't', `kept ${kept} [notes](/user_uploads/${pathId})`);
    expectSuccess(await server.owner.delete(`/messages/${ids.before}`));
  });
  after(async () => {
    await restored?.stop();
    await server.stop();
  });

  it('backs up the running server: log, keys, uploads and secret, each digested in the manifest; nothing deleted before it', async () => {
    const run = await runEvents(['backup', '--data-dir', server.dataDir, '--out', backupDir], {});
    expect(run.code, run.stderr).to.equal(0);
    const manifest = JSON.parse(readFileSync(join(backupDir, 'backup-manifest.json'), 'utf8')) as { log: { position: number }; files: { path: string }[] };
    expect(manifest.log.position).to.equal(await server.ctx.store.headPosition());
    expect(manifest.files.map((file) => file.path)).to.include.members(['events.sqlite3', 'keys.sqlite3', 'server-secret', `uploads/${pathId}`]);
    expect(rawFindings(backupDir, [deletedBefore, deletedAfter, kept])).to.deep.equal([]);
    expect(run.stdout).to.match(/^backed up .* log up to position \d+ \([0-9a-f]{64}\)/);
  });

  it('refuses to write into a directory that is not empty', async () => {
    const run = await runEvents(['backup', '--data-dir', server.dataDir, '--out', backupDir], {});
    expect(run.code).to.equal(1);
    expect(run.stderr).to.contain('is not empty');
  });

  it('leaves nothing of a backup that fails (here: a log whose key store is missing), and says so', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'chat-nokeys-'));
    copyFileSync(join(backupDir, 'events.sqlite3'), join(dataDir, 'events.sqlite3'));
    const out = join(mkdtempSync(join(tmpdir(), 'chat-failed-backup-')), 'backup');
    const run = await runEvents(['backup', '--data-dir', dataDir, '--out', out], {});
    expect(run.code).to.equal(1);
    expect(run.stderr).to.match(/^backup: the key store does not cover the copied log .* \(nothing of the backup was kept\)\n$/);
    expect(existsSync(out)).to.equal(false);
    mkdirSync(out);
    expect((await runEvents(['backup', '--data-dir', dataDir, '--out', out], {})).code).to.equal(1);
    expect(readdirSync(out)).to.deep.equal([]);
  });

  it('restores into an empty directory that verifies and serves what the backup held, even what was deleted after it', async () => {
    expectSuccess(await server.owner.delete(`/messages/${ids.after}`));
    const run = await runEvents(['restore', '--from', backupDir, '--data-dir', restoreDir], {});
    expect(run.code, run.stderr).to.equal(0);
    expect(run.stdout).to.contain('the log verifies up to position');
    expect((await runEvents(['verify', '--data-dir', restoreDir], {})).code).to.equal(0);
    restored = await startTestServer({ dataDir: restoreDir });
    const owner = await restored.anonymous.login(OWNER_EMAIL, OWNER_PASSWORD);
    expect((expectSuccess(await owner.get(`/messages/${ids.kept}`, { apply_markdown: 'false' })).message as { content: string }).content).to.contain(kept);
    expect((expectSuccess(await owner.get(`/messages/${ids.after}`, { apply_markdown: 'false' })).message as { content: string }).content).to.contain(deletedAfter);
    expect((await owner.get(`/messages/${ids.before}`)).status).to.equal(400);
    expect(existsSync(join(restoreDir, 'uploads', pathId))).to.equal(true);
  });

  it('refuses a backup with a damaged file, and a target that is not empty, copying nothing', async () => {
    const notEmpty = await runEvents(['restore', '--from', backupDir, '--data-dir', restoreDir], {});
    expect(notEmpty.code).to.equal(1);
    expect(notEmpty.stderr).to.contain('is not empty');
    const keys = join(backupDir, 'keys.sqlite3');
    const bytes = readFileSync(keys);
    bytes[bytes.length - 1] ^= 0xff;
    writeFileSync(keys, bytes);
    const target = join(mkdtempSync(join(tmpdir(), 'chat-restore-')), 'data');
    const damaged = await runEvents(['restore', '--from', backupDir, '--data-dir', target], {});
    expect(damaged.code).to.equal(1);
    expect(damaged.stderr).to.contain('keys.sqlite3 in the backup is damaged');
    expect(existsSync(target)).to.equal(false);
  });
});
