import { expect } from 'chai';
import { join } from 'node:path';
import type { ApiClient } from '../../support/api-client.js';
import { createChannels, subscribe } from '../../support/channel-requests.js';
import { runEvents } from '../../support/cli-run.js';
import { exportOverHttp } from '../../support/export-requests.js';
import { postDirect, postToChannel } from '../../support/message-requests.js';
import { registerQueue } from '../../support/realtime-client.js';
import { expectLogProvable, ownerExportText, takeSeal } from '../../support/log-provable.js';
import { rawFindings, uniqueToken, untilGone, withSpecials } from '../../support/raw-scan.js';
import { expectSuccess } from '../../support/response-assertions.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';

/**
 * Delete means deleted (docs/topics/forgetting.md): once a message is deleted (alone, after edits, with
 * its topic), nothing under DATA_DIR holds its text within ten seconds of the answer, in any encoding,
 * and no export made afterwards does; the log still verifies, a seal taken before still holds, and a
 * replay still equals the live read models.
 */
describe('forgetting: deleted messages leave the data directory', function () {
  this.timeout(60_000);
  let server: TestServer;
  let member: ApiClient;
  let channelId: number;
  const deleted = { alone: uniqueToken('alone'), before: uniqueToken('before'), after: uniqueToken('after'), topicA: uniqueToken('topica'), topicB: uniqueToken('topicb'), direct: uniqueToken('direct') };
  const kept = uniqueToken('kept');
  const ids: Record<string, number> = {};
  let sealFile = '';

  const exportText = () => ownerExportText(server);

  before(async () => {
    server = await startTestServer();
    member = await server.createUser('Member');
    [channelId] = await createChannels(server.owner, ['forgetting']);
    expectSuccess(await subscribe(member, ['forgetting']));
    // A queue that never fetches: at a graceful stop its unread events are written to queues.json.
    await registerQueue(member, { event_types: JSON.stringify(['message', 'update_message']) });
    ids.alone = await postToChannel(server.owner, channelId, 'lunch', withSpecials(deleted.alone));
    ids.edited = await postToChannel(server.owner, channelId, 'lunch', withSpecials(deleted.before));
    expectSuccess(await server.owner.patch(`/messages/${ids.edited}`, { content: withSpecials(deleted.after) }));
    ids.topicA = await postToChannel(member, channelId, 'doomed', withSpecials(deleted.topicA));
    ids.topicB = await postToChannel(server.owner, channelId, 'doomed', withSpecials(deleted.topicB));
    ids.direct = await postDirect(server.owner, [member.userId], withSpecials(deleted.direct));
    ids.kept = await postToChannel(member, channelId, 'lunch', withSpecials(kept));
    sealFile = await takeSeal(server, 'deletions');
  });
  after(() => server.stop());

  it('holds every text before the deletions: in the export, and in the search index on disk', async () => {
    const text = await exportText();
    for (const token of [...Object.values(deleted), kept]) expect(text).to.contain(token);
    await server.ctx.search.flush();
    expect(rawFindings(server.dataDir, [deleted.alone]).join('\n')).to.contain('search.sqlite3');
    // The log itself holds only ciphertext.
    expect(rawFindings(server.dataDir, [deleted.alone]).filter((line) => line.includes('events.sqlite3'))).to.deep.equal([]);
  });

  it('leaves none of a deleted message, an edited one with its earlier version, a deleted topic or a direct message in any file within 10 s', async () => {
    expectSuccess(await server.owner.delete(`/messages/${ids.alone}`));
    expectSuccess(await server.owner.delete(`/messages/${ids.edited}`));
    expect(expectSuccess(await server.owner.post(`/streams/${channelId}/delete_topic`, { topic_name: 'doomed' })).complete).to.equal(true);
    expectSuccess(await server.owner.delete(`/messages/${ids.direct}`));
    const { left, afterMs } = await untilGone(server.dataDir, Object.values(deleted));
    expect(left, `still on disk after ${afterMs} ms`).to.deep.equal([]);
    expect(afterMs).to.be.below(10_000);
    await server.ctx.scrubber.settled();
    const metrics = await (await fetch(`${server.url}/metrics`)).text();
    expect(metrics).to.match(/^chat_forgetting_scrub_waiting_seconds 0$/m);
    expect(metrics).to.match(/^chat_key_epochs\{state="materialized"\} [1-9]/m);
  });

  it('leaves them out of every export made afterwards, which lists what was forgotten, and keeps the rest', async () => {
    const exported = await exportOverHttp(server.owner, { include_secrets: true, type: ['MessageSent', 'MessageContentEdited'] });
    for (const token of Object.values(deleted)) expect(exported.text).not.to.contain(token);
    expect(exported.text).to.contain(kept);
    const sent = exported.lines.filter((line) => line.type === 'MessageSent' && (line.data as { message_id: number }).message_id === ids.alone);
    expect(sent).to.have.length(1);
    expect(sent[0].forgotten).to.deep.equal(['content', 'rendered_content']);
    expect(sent[0].data).not.to.have.property('content');
    const cli = await runEvents(['export', '--data-dir', server.dataDir, '--include-secrets'], {});
    expect(cli.code, cli.stderr).to.equal(0);
    for (const token of Object.values(deleted)) expect(cli.stdout).not.to.contain(token);
    expect(cli.stdout).to.contain(kept);
  });

  it('still serves the message that was kept', async () => {
    const message = expectSuccess(await member.get(`/messages/${ids.kept}`, { apply_markdown: 'false' })).message as { content: string };
    expect(message.content).to.equal(withSpecials(kept));
  });

  it('keeps the log provable: verify passes, the seal taken before the deletions holds, a replay equals the live models', async () => {
    await expectLogProvable(server, sealFile);
  });

  it('stays gone through a graceful stop (queues and snapshot written) and a restart; the kept message reads as before', async () => {
    await server.close();
    expect(rawFindings(server.dataDir, [kept]).map((line) => line.split(': ')[0])).to.include(join(server.dataDir, 'queues.json'));
    expect(rawFindings(server.dataDir, Object.values(deleted))).to.deep.equal([]);
    server = await startTestServer({ dataDir: server.dataDir });
    expect(rawFindings(server.dataDir, Object.values(deleted))).to.deep.equal([]);
    const reader = await server.anonymous.login(member.credentials!.email, 'pw-Member-1-secret');
    const message = expectSuccess(await reader.get(`/messages/${ids.kept}`, { apply_markdown: 'false' })).message as { content: string };
    expect(message.content).to.equal(withSpecials(kept));
    expect((await reader.get(`/messages/${ids.alone}`)).status).to.equal(400);
  });
});
