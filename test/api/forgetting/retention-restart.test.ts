import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ApiClient } from '../../support/api-client.js';
import { rawFindings, uniqueToken, untilGone, withSpecials } from '../../support/raw-scan.js';
import { expectSuccess } from '../../support/response-assertions.js';
import { type ServerProcess, spawnServer, stopProcess } from '../../support/server-process.js';

const DAY = 86_400_000;
const OWNER = { email: 'owner@test.example', password: 'owner-password-1' };
/** Moves a server process's Date.now (test/support/clock-shift.mjs): no setting of the product does this. */
const shiftedBy = (ms: number): NodeJS.ProcessEnv => ({
  NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${pathToFileURL(join(import.meta.dirname, '../../support/clock-shift.mjs')).href}`.trim(),
  CHAT_TEST_CLOCK_SHIFT_MS: String(ms),
});

/**
 * Retention from outside: a server process whose clock runs 40 days behind sends messages under a
 * 30-day policy; restarted at the real time, it expires them at start (its first scheduler tick), and
 * within ten seconds no file under DATA_DIR holds them, while what it must keep stays.
 */
describe('forgetting: a server restarted 40 days later expires at start what it must', function () {
  this.timeout(120_000);
  let dataDir: string;
  let server: ServerProcess | undefined;
  const expired = { channel: uniqueToken('expiredchannel'), direct: uniqueToken('expireddirect') };
  const kept = uniqueToken('keptforever');
  const ids: Record<string, number> = {};

  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'chat-retention-'));
    server = await spawnServer(dataDir, { env: shiftedBy(-40 * DAY) });
    const owner = await new ApiClient(server.url, null).login(OWNER.email, OWNER.password);
    const me = expectSuccess(await owner.get('/users/me'));
    expect(Number(me.date_joined ? Date.parse(String(me.date_joined)) : NaN)).to.be.below(Date.now() - 39 * DAY);
    expectSuccess(await owner.patch('/realm', { message_retention_days: 30 }));
    const created = expectSuccess(await owner.post('/users', { email: 'ann@test.example', password: 'ann-password-1', full_name: 'Ann' }));
    expectSuccess(await owner.post('/users/me/subscriptions', { subscriptions: JSON.stringify([{ name: 'archive' }, { name: 'kept' }]) }));
    const channels = expectSuccess(await owner.get('/streams')).streams as { stream_id: number; name: string }[];
    const channelId = (name: string) => channels.find((channel) => channel.name === name)?.stream_id;
    expectSuccess(await owner.patch(`/streams/${channelId('kept')}`, { message_retention_days: 'unlimited' }));
    const send = async (params: Record<string, unknown>) => Number(expectSuccess(await owner.post('/messages', params)).id);
    ids.channel = await send({ type: 'stream', to: channelId('archive'), topic: 'old', content: withSpecials(expired.channel) });
    ids.direct = await send({ type: 'direct', to: JSON.stringify([Number(created.user_id)]), content: withSpecials(expired.direct) });
    ids.kept = await send({ type: 'stream', to: channelId('kept'), topic: 'old', content: withSpecials(kept) });
    expect(await stopProcess(server)).to.equal(0);
    server = undefined;
  });
  after(async () => {
    if (server) await stopProcess(server).catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('holds the texts on disk while the server is down (in the search index)', () => {
    expect(rawFindings(dataDir, [expired.channel])).not.to.deep.equal([]);
  });

  it('deletes them at start, leaving none in any file within 10 s, and keeps the rest', async () => {
    server = await spawnServer(dataDir);
    const serving = Date.now();
    const { left, afterMs } = await untilGone(dataDir, Object.values(expired));
    expect(left, `still on disk ${afterMs} ms after the server served`).to.deep.equal([]);
    expect(Date.now() - serving).to.be.below(10_000);
    const owner = await new ApiClient(server.url, null).login(OWNER.email, OWNER.password);
    expect((await owner.get(`/messages/${ids.channel}`)).status).to.equal(400);
    expect((await owner.get(`/messages/${ids.direct}`)).status).to.equal(400);
    const message = expectSuccess(await owner.get(`/messages/${ids.kept}`, { apply_markdown: 'false' })).message as { content: string };
    expect(message.content).to.equal(withSpecials(kept));
  });
});
