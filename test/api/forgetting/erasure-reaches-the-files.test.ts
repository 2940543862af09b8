import { expect } from 'chai';
import { join } from 'node:path';
import type { ApiClient } from '../../support/api-client.js';
import { createChannels, subscribe } from '../../support/channel-requests.js';
import { runEvents } from '../../support/cli-run.js';
import { messageTokens, personalTokens, personTokens, type PersonTrail, personWithEverything } from '../../support/erasure-person.js';
import { expectLogProvable, ownerExportText, takeSeal } from '../../support/log-provable.js';
import { filesUnder, rawFindings, untilGone } from '../../support/raw-scan.js';
import { registerQueue } from '../../support/realtime-client.js';
import { expectSuccess } from '../../support/response-assertions.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';

/**
 * Delete means deleted, for a person (docs/topics/forgetting.md, "Erasure of a person"): once erased,
 * nothing under DATA_DIR holds their name, address, profile value, alert word, status, file names,
 * notes or the mail sent to them within ten seconds, nor their message texts when erased with their
 * messages; no export made afterwards does; the log still verifies, a seal taken before still holds,
 * and a replay equals the live models, through a graceful stop and a restart too.
 */
describe('erasure: a person leaves the data directory', function () {
  this.timeout(120_000);
  let server: TestServer;
  let alice: ApiClient;
  let gone: PersonTrail;
  let kept: PersonTrail;
  const goneTokens = personTokens('gone');
  const keptTokens = personTokens('kept');
  /** What must be gone: all of the first person's, the second's but what they wrote and linked. */
  const erasedTokens = [...personalTokens(goneTokens), ...messageTokens(goneTokens), ...personalTokens(keptTokens)];
  let sealFile = '';

  before(async () => {
    server = await startTestServer({ outbox: true });
    alice = await server.createUser('Alice');
    const bob = await server.createUser('Bob');
    const [channelId] = await createChannels(server.owner, ['commons']);
    expectSuccess(await subscribe(alice, ['commons']));
    expectSuccess(await subscribe(bob, ['commons']));
    // A queue that never fetches: at a graceful stop its events (the person's name among them) are written to queues.json.
    await registerQueue(alice, {});
    const profileFieldId = expectSuccess(await server.owner.post('/realm/profile_fields', { name: 'Desk', hint: 'Where', field_type: 1 })).id as number;
    const setting = { server, channelId, profileFieldId, peer: alice, third: bob };
    gone = await personWithEverything(setting, goneTokens);
    kept = await personWithEverything(setting, keptTokens);
    sealFile = await takeSeal(server, 'erasure');
  });
  after(() => server.stop());

  it('holds everything of theirs before: in the export, the outbox, and nothing of it in clear in the log', async () => {
    const text = await ownerExportText(server);
    for (const token of [...erasedTokens, ...messageTokens(keptTokens)]) expect(text, token).to.contain(token);
    await server.ctx.search.flush();
    const found = rawFindings(server.dataDir, erasedTokens);
    expect(found.some((line) => line.includes(join(server.dataDir, 'outbox')))).to.equal(true);
    expect(found.filter((line) => line.includes('events.sqlite3'))).to.deep.equal([]);
  });

  it('leaves nothing of them in any file within 10 s of the erasures, nor in any file name', async () => {
    expectSuccess(await server.owner.post(`/erasure/users/${gone.client.userId}`, { mode: 'with_messages' }));
    expectSuccess(await server.owner.post(`/erasure/users/${kept.client.userId}`, { mode: 'preserving_messages' }));
    const { left, afterMs } = await untilGone(server.dataDir, erasedTokens);
    expect(left, `still on disk after ${afterMs} ms`).to.deep.equal([]);
    expect(afterMs).to.be.below(10_000);
    const names = filesUnder(server.dataDir).filter((file) => erasedTokens.some((token) => file.includes(token)));
    expect(names).to.deep.equal([]);
  });

  it('leaves them out of every export made afterwards; what the kept person wrote stays, under the placeholder', async () => {
    const text = await ownerExportText(server);
    for (const token of erasedTokens) expect(text, token).not.to.contain(token);
    for (const token of messageTokens(keptTokens)) expect(text, token).to.contain(token);
    const cli = await runEvents(['export', '--data-dir', server.dataDir, '--include-secrets'], {});
    expect(cli.code, cli.stderr).to.equal(0);
    for (const token of erasedTokens) expect(cli.stdout, token).not.to.contain(token);
    const message = expectSuccess(await alice.get(`/messages/${kept.channelMessage}`, { apply_markdown: 'false' })).message as Record<string, unknown>;
    expect(String(message.content)).to.contain(keptTokens.channelMessage);
    expect(message.sender_full_name).to.equal(`Deleted User ${kept.client.userId}`);
  });

  it('keeps the log provable: verify passes, the seal taken before holds, a replay equals the live models', async () => {
    await expectLogProvable(server, sealFile);
  });

  it('stays gone through a graceful stop (queues and snapshot written) and a restart', async () => {
    await server.close();
    expect(filesUnder(server.dataDir)).to.include(join(server.dataDir, 'queues.json'));
    expect(rawFindings(server.dataDir, erasedTokens)).to.deep.equal([]);
    server = await startTestServer({ dataDir: server.dataDir, outbox: true });
    expect(rawFindings(server.dataDir, erasedTokens)).to.deep.equal([]);
    const user = expectSuccess(await server.owner.get(`/users/${gone.client.userId}`)).user as Record<string, unknown>;
    expect(user.full_name).to.equal(`Deleted User ${gone.client.userId}`);
  });
});
