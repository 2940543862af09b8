import { expect } from 'chai';
import type { ApiClient } from '../../support/api-client.js';
import { runEvents } from '../../support/cli-run.js';
import { postToChannel } from '../../support/message-requests.js';
import { createChannels, subscribe } from '../../support/channel-requests.js';
import { expectSuccess } from '../../support/response-assertions.js';
import { startServerWith } from '../../support/server-with-people.js';
import type { TestServer } from '../../support/test-server.js';

/** `npm run events -- erase-user`: the operator's way to an erasure, through the running server. */
describe('events CLI: erase-user', function () {
  this.timeout(30_000);
  let server: TestServer;
  let admin: ApiClient;
  let member: ApiClient;
  let sent: number;

  const as = (client: ApiClient): NodeJS.ProcessEnv => ({ CHAT_EMAIL: client.credentials!.email, CHAT_API_KEY: client.credentials!.apiKey });
  const erase = (client: ApiClient, ...extra: string[]) =>
    runEvents(['erase-user', '--server-url', server.url, '--user-id', String(member.userId), ...extra], as(client));

  before(async () => {
    ({ server, admin, member } = await startServerWith('admin', 'member'));
    await createChannels(server.owner, ['cli']);
    expectSuccess(await subscribe(member, ['cli']));
    sent = await postToChannel(member, 'cli', 'hello', 'a message that goes with them');
    expectSuccess(await server.owner.delete(`/users/${member.userId}`));
  });
  after(() => server.stop());

  it('is listed, and refuses bad usage with exit 2 before asking the server', async () => {
    expect((await runEvents(['--help'])).stdout).to.contain('erase-user');
    const noYes = await erase(server.owner, '--mode', 'with_messages');
    expect([noYes.code, noYes.stderr]).to.deep.equal([2, 'erase-user: an erasure cannot be undone: pass --yes to make it\n']);
    const badMode = await erase(server.owner, '--mode', 'all', '--yes');
    expect(badMode.code).to.equal(2);
    expect(badMode.stderr).to.contain("--mode must be one of with_messages, preserving_messages, not 'all'");
    const noServer = await runEvents(['erase-user', '--user-id', '3', '--mode', 'with_messages', '--yes'], as(server.owner));
    expect(noServer.code).to.equal(2);
    expect(noServer.stderr).to.contain('--server-url is required');
  });

  it("prints the server's refusal and exits 1: an administrator is not an owner", async () => {
    const run = await erase(admin, '--mode', 'with_messages', '--yes');
    expect(run.code).to.equal(1);
    expect(run.stderr).to.equal('erase-user: refused (UNAUTHORIZED_PRINCIPAL): Must be an organization owner to erase a user\n');
  });

  it('erases as an owner, then refuses a second erasure', async () => {
    const run = await erase(server.owner, '--mode', 'with_messages', '--yes', '--json');
    expect(run.code, run.stderr).to.equal(0);
    const answer = JSON.parse(run.stdout) as { user_id: number; mode: string; deleted_message_ids: number[] };
    expect(answer).to.include({ user_id: member.userId, mode: 'with_messages' });
    expect(answer.deleted_message_ids).to.include(sent);
    expect((await server.owner.get(`/messages/${sent}`)).status).to.equal(400);
    const again = await erase(server.owner, '--mode', 'with_messages', '--yes');
    expect(again.code).to.equal(1);
    expect(again.stderr).to.contain(`Invalid 'user_id': user ${member.userId} has already been erased`);
  });
});
