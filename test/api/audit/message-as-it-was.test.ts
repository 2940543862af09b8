import { expect } from 'chai';
import type { ApiClient } from '../../support/api-client.js';
import { audit, expectOwnersOnly } from '../../support/audit-requests.js';
import { createChannels, subscribe } from '../../support/channel-requests.js';
import { runEvents } from '../../support/cli-run.js';
import type { JsonObject } from '../../support/json-fields.js';
import { expectSuccess } from '../../support/response-assertions.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';

interface Seen {
  at: string;
  content: string;
  topic: string;
  streamId: number;
}

/**
 * A message as it was: its content and place at each moment equal what GET /messages/{id} answered
 * then; one deleted since reads as erased before its deletion and deleted after, its text never again.
 */
describe('GET /audit/messages/{message_id}: a message as it was', function () {
  let server: TestServer;
  let ann: ApiClient;
  let kept: number;
  let removed: number;
  let removedAt: string;
  let beforeSent: string;
  const seen: Seen[] = [];

  const now = (): string => new Date(server.clock.now()).toISOString();
  const tick = (): void => server.clock.advance(30_000);

  async function record(id: number): Promise<void> {
    const message = expectSuccess(await server.owner.get(`/messages/${id}`, { apply_markdown: 'false' })).message as JsonObject;
    seen.push({ at: now(), content: message.content as string, topic: message.subject as string, streamId: message.stream_id as number });
    tick();
  }

  before(async function () {
    server = await startTestServer();
    ann = await server.createUser('Ann');
    const [lobby] = await createChannels(server.owner, ['lobby']);
    const [annex] = await createChannels(server.owner, ['annex']);
    expectSuccess(await subscribe(ann, ['lobby']));
    beforeSent = now();
    tick();
    kept = expectSuccess(await server.owner.post('/messages', { type: 'stream', to: String(lobby), topic: 'plans', content: 'first draft of the budget' })).id as number;
    await record(kept);
    expectSuccess(await server.owner.patch(`/messages/${kept}`, { content: 'second draft of the budget' }));
    await record(kept);
    expectSuccess(await server.owner.patch(`/messages/${kept}`, { topic: 'budget', propagate_mode: 'change_one' }));
    await record(kept);
    expectSuccess(await server.owner.patch(`/messages/${kept}`, { stream_id: annex, propagate_mode: 'change_one' }));
    await record(kept);
    removed = expectSuccess(await server.owner.post('/messages', { type: 'stream', to: String(lobby), topic: 'plans', content: 'the salaries, unredacted' })).id as number;
    tick();
    removedAt = now();
    tick();
    expectSuccess(await server.owner.delete(`/messages/${removed}`));
    tick();
    expectSuccess(await server.owner.patch(`/messages/${kept}`, { content: 'the final budget' }));
  });
  after(() => server.stop());

  it('gives its content and place at each moment as GET /messages/{id} gave them then', async function () {
    expect(new Set(seen.map((moment) => `${moment.content}|${moment.topic}|${moment.streamId}`))).to.have.length(4);
    for (const moment of seen) {
      const answer = expectSuccess(await audit(server.owner, `messages/${kept}`, { at: moment.at }));
      expect(answer, moment.at).to.deep.include({ message_id: kept, state: 'present', sender_id: server.owner.userId, content: moment.content, deleted_at: null });
      expect(answer.place, moment.at).to.deep.equal({ type: 'stream', stream_id: moment.streamId, topic: moment.topic });
    }
    const latest = expectSuccess(await audit(server.owner, `messages/${kept}`));
    expect(latest).to.deep.include({ content: 'the final budget', edits: 4 });
  });

  it('reads a message deleted since as erased before its deletion and deleted after, its text never', async function () {
    const before = expectSuccess(await audit(server.owner, `messages/${removed}`, { at: removedAt }));
    expect(before).to.deep.include({ state: 'erased', content: null, deleted_at: null });
    const after = expectSuccess(await audit(server.owner, `messages/${removed}`));
    expect(after).to.deep.include({ state: 'deleted', content: null });
    expect(after.deleted_at).to.be.a('string');
    const cli = await runEvents(['audit', 'message', '--data-dir', server.dataDir, '--message', String(removed), '--at', removedAt, '--json']);
    expect(cli.code, cli.stderr).to.equal(0);
    expect(cli.stdout).to.not.contain('salaries');
    const { result: _result, msg: _msg, ...expected } = before;
    expect(JSON.parse(cli.stdout)).to.deep.equal(expected);
  });

  it('gives the operator the same message on the command line', async function () {
    const answer = expectSuccess(await audit(server.owner, `messages/${kept}`, { at: seen[1].at }));
    const run = await runEvents(['audit', 'message', '--data-dir', server.dataDir, '--message', String(kept), '--at', seen[1].at, '--json']);
    expect(run.code, run.stderr).to.equal(0);
    const { result: _result, msg: _msg, ...expected } = answer;
    expect(JSON.parse(run.stdout)).to.deep.equal(expected);
    const text = await runEvents(['audit', 'message', '--data-dir', server.dataDir, '--message', String(kept), '--at', seen[1].at]);
    expect(text.stdout).to.contain('second draft of the budget');
  });

  it('refuses a message not sent yet, and anyone but an owner', async function () {
    const early = await audit(server.owner, `messages/${kept}`, { at: beforeSent });
    expect(early.status).to.equal(400);
    expect(early.body).to.deep.include({ code: 'BAD_REQUEST', msg: 'Invalid message(s)' });
    expectOwnersOnly(await audit(ann, `messages/${kept}`));
  });
});
