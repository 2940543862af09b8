import { expect } from 'chai';
import type { ApiClient } from '../../support/api-client.js';
import { createChannels } from '../../support/channel-requests.js';
import { runEvents } from '../../support/cli-run.js';
import { postToChannel } from '../../support/message-requests.js';
import { expectSuccess } from '../../support/response-assertions.js';
import { startServerWith } from '../../support/server-with-people.js';
import type { TestServer } from '../../support/test-server.js';
import { attachmentOf, uploaded } from '../../support/upload-requests.js';

/**
 * A replay reads forgotten text as empty: what the live models derived from it must still come out the
 * same once the deletion is applied (files linked from deleted messages, reminders quoting them).
 */
describe('forgetting: a replay after deletions equals the live models', function () {
  this.timeout(60_000);
  let server: TestServer;
  let alice: ApiClient;

  before(async () => {
    ({ server, alice } = await startServerWith('alice'));
    await createChannels(alice, ['files']);
  });
  after(() => server.stop());

  const replayEqual = async (): Promise<void> => {
    const credentials = server.owner.credentials!;
    const run = await runEvents(['replay', '--data-dir', server.dataDir, '--server-url', server.url], { CHAT_EMAIL: credentials.email, CHAT_API_KEY: credentials.apiKey });
    expect(run.code, run.stdout + run.stderr).to.equal(0);
  };

  it('after deleting one of two messages linking a file, and the only message linking another', async () => {
    const shared = await uploaded(alice, 'shared.txt', 'shared');
    const lonely = await uploaded(alice, 'lonely.txt', 'lonely');
    const kept = await postToChannel(alice, 'files', 'f', `[s](${shared.url})`);
    const doomed = await postToChannel(alice, 'files', 'f', `[s](${shared.url}) [l](${lonely.url})`);
    expect(kept).to.be.below(doomed);
    expectSuccess(await server.owner.delete(`/messages/${doomed}`));
    expect((await attachmentOf(alice, shared.pathId))?.messages).to.have.length(1);
    await replayEqual();
    await server.ctx.scheduler.runDue();
    expect(await attachmentOf(alice, lonely.pathId)).to.equal(undefined);
    await replayEqual();
  });

  it('after deleting a message linked before the file\'s other message, edited first', async () => {
    const file = await uploaded(alice, 'early.txt', 'early');
    const doomed = await postToChannel(alice, 'files', 'g', `[e](${file.url})`);
    await postToChannel(alice, 'files', 'g', `[e again](${file.url})`);
    expectSuccess(await alice.patch(`/messages/${doomed}`, { content: `[e, edited](${file.url})` }));
    expectSuccess(await server.owner.delete(`/messages/${doomed}`));
    await replayEqual();
  });

  it('after deleting a message a reminder quotes', async () => {
    const quoted = await postToChannel(alice, 'files', 'r', 'remind me of this');
    expectSuccess(await alice.post('/reminders', { message_id: quoted, scheduled_delivery_timestamp: Math.floor(server.clock.now() / 1000) + 3600, note: 'look' }));
    expectSuccess(await server.owner.delete(`/messages/${quoted}`));
    await replayEqual();
  });
});
