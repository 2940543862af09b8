import { expect } from 'chai';
import { FlagBit, Role } from '@chat/core';
import { readModelNames } from '@chat/projections';
import { MemoryReadStore } from '@chat/readstore';
import { openLogReader } from '../../../tools/events/open-log.js';
import { compareWithLive } from '../../../tools/events/replay/compare-with-live.js';
import { HttpLiveReadModels } from '../../../tools/events/replay/http-live-read-models.js';
import { LogReplay } from '../../../tools/events/replay/replay-log.js';
import type { ApiClient } from '../../support/api-client.js';
import { type CliRun, runEvents } from '../../support/cli-run.js';
import { messageHistory } from '../../support/message-history-script.js';
import { postToChannel } from '../../support/message-requests.js';
import { expectFailure, expectSuccess } from '../../support/response-assertions.js';
import { startServerWith } from '../../support/server-with-people.js';
import type { TestServer } from '../../support/test-server.js';

/**
 * `events replay` rebuilds the read models from the log of a running server and compares them, by
 * canonical digest, with the ones the server holds in memory (through the owner-only digest endpoint).
 */
describe('events replay: rebuilt read models against the live ones', function () {
  let server: TestServer, member: ApiClient;

  before(async function () {
    let newbie: ApiClient;
    ({ server, member } = await startServerWith('member'));
    newbie = await server.createUser('Newbie', Role.Moderator);
    expectSuccess(await member.post('/users/me/alert_words', { alert_words: ['deploy 1'] }));
    expectSuccess(await server.owner.patch(`/users/${newbie.userId}`, { full_name: 'Newbie Renamed' }));
    await messageHistory({ owner: server.owner, viewer: member, member, newbie }, 1);
  });
  after(() => server.stop());

  const replay = (...more: string[]): Promise<CliRun> => {
    const credentials = server.owner.credentials;
    if (!credentials) throw new Error('the owner has no credentials');
    return runEvents(['replay', '--data-dir', server.dataDir, '--server-url', server.url, ...more], { CHAT_EMAIL: credentials.email, CHAT_API_KEY: credentials.apiKey });
  };

  it('answers the digests at the current log position, to owners only', async function () {
    const head = await server.ctx.store.headPosition();
    const body = expectSuccess(await server.owner.get('/export/read_model_digest'));
    expect(body.position).to.equal(head);
    expect(body.digest).to.match(/^[0-9a-f]{64}$/);
    expect(Object.keys(body.models as object)).to.deep.equal(readModelNames(server.ctx.models));
    const users = expectSuccess(await server.owner.get('/export/read_model_digest', { model: 'users' }));
    expect(Object.keys(users.keys as object).sort()).to.deep.equal((await server.ctx.models.users.all()).map((user) => String(user.user_id)).sort());
    expectFailure(await member.get('/export/read_model_digest'), 'UNAUTHORIZED_PRINCIPAL', 'Must be an organization owner');
    expectFailure(await server.owner.get('/export/read_model_digest', { model: 'nothing' }), 'BAD_REQUEST', "Invalid 'model': no read model is named 'nothing'");
  });

  it('rebuilds models equal to the live ones after a scripted history, up to the live position', async function () {
    const head = await server.ctx.store.headPosition();
    const run = await replay();
    expect(run.code, run.stdout + run.stderr).to.equal(0);
    const lines = run.stdout.split('\n');
    expect(lines[0]).to.match(new RegExp(`^replayed ${head} events up to position ${head} in \\d+\\.\\d\\d s \\(\\d+ events/s\\) into memory$`));
    const digest = String(expectSuccess(await server.owner.get('/export/read_model_digest')).digest);
    expect(lines[1]).to.equal(`read models digest: ${digest}`);
    expect(lines[2]).to.equal(`equal to the server at ${server.url} at position ${head}: ${digest}`);
  });

  it('reports JSON with the rate and the comparison', async function () {
    const run = await replay('--json');
    expect(run.code).to.equal(0);
    const report = JSON.parse(run.stdout) as Record<string, unknown>;
    expect(report).to.include({ events: await server.ctx.store.headPosition(), store: 'memory' });
    expect(report.events_per_second).to.be.a('number').above(0);
    expect(report.comparison).to.include({ equal: true, digest: report.digest });
  });

  it('names the model and key of a live user document changed behind the log', async function () {
    const user = await server.ctx.models.users.get(member.userId);
    if (!user) throw new Error('no member');
    const position = server.ctx.runner.position;
    await server.ctx.models.users.put(member.userId, { ...user, full_name: 'Mallory' }, position);
    try {
      const run = await replay();
      expect(run.code).to.equal(1);
      expect(run.stdout).to.contain(`DIFFERENT from the server at ${server.url} at position ${position}`);
      expect(run.stdout).to.match(new RegExp(`first difference: read model 'users', key '${member.userId}' \\(live [0-9a-f]{64}, replay [0-9a-f]{64}\\)`));
    } finally {
      await server.ctx.models.users.put(member.userId, user, position);
    }
    expect((await replay()).code).to.equal(0);
  });

  it("names the message whose user flags were changed behind the log, and a document the live models lost", async function () {
    const { messages, channels } = server.ctx.models;
    let target: number | undefined;
    for await (const { message, rows } of messages.scan()) {
      if (rows.some((row) => row.user_id === member.userId && (row.flags & FlagBit.starred) === 0)) target ??= message.id;
    }
    if (target === undefined) throw new Error('the member holds no message');
    const position = server.ctx.runner.position;
    await messages.setFlags(member.userId, [target], FlagBit.starred, true, position);
    const flagged = await replay();
    await messages.setFlags(member.userId, [target], FlagBit.starred, false, position);
    expect(flagged.code).to.equal(1);
    expect(flagged.stdout).to.match(new RegExp(`first difference: read model 'messages', key '${target}' \\(live [0-9a-f]{64}, replay [0-9a-f]{64}\\)`));

    const [first] = (await channels.all()).sort((a, b) => a.channel_id - b.channel_id);
    await channels.delete(first.channel_id, position);
    const lost = await replay();
    await channels.put(first.channel_id, first, position);
    expect(lost.code).to.equal(1);
    expect(lost.stdout).to.match(new RegExp(`first difference: read model 'channels', key '${first.channel_id}' \\(live missing, replay [0-9a-f]{64}\\)`));
  });

  it('catches up when the live models move on between the digest and the per-key listing', async function () {
    const credentials = server.owner.credentials;
    if (!credentials) throw new Error('the owner has no credentials');
    const http = new HttpLiveReadModels(server.url, credentials.email, credentials.apiKey);
    const user = await server.ctx.models.users.get(member.userId);
    if (!user) throw new Error('no member');
    await server.ctx.models.users.put(member.userId, { ...user, full_name: 'Mallory' }, server.ctx.runner.position);
    let moved = false;
    const moving = {
      source: http.source,
      digest: () => http.digest(),
      close: () => http.close(),
      keys: async (model: Parameters<typeof http.keys>[0]) => {
        if (!moved) await postToChannel(member, 'Talk 1', 'late news', 'sent while comparing');
        moved = true;
        return http.keys(model);
      },
    };
    const log = await openLogReader({ 'data-dir': server.dataDir }, {});
    try {
      const comparison = await compareWithLive(new LogReplay(log, new MemoryReadStore()), moving);
      expect(comparison).to.deep.include({ equal: false, position: await server.ctx.store.headPosition() });
      expect(comparison).to.have.nested.property('difference.key', String(member.userId));
    } finally {
      await server.ctx.models.users.put(member.userId, user, server.ctx.runner.position);
      await log.close();
    }
    expect((await replay()).code).to.equal(0);
  });
});
