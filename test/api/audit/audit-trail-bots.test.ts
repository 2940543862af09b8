import { expect } from 'chai';
import type { ApiClient } from '../../support/api-client.js';
import { trail } from '../../support/audit-requests.js';
import { createBot, type MadeBot } from '../../support/bot-requests.js';
import { createChannels } from '../../support/channel-requests.js';
import { runEvents } from '../../support/cli-run.js';
import { expectSuccess } from '../../support/response-assertions.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';

/** A bot's actions in the audit trail name the bot as actor and its owner at the time, over HTTP and in the CLI. */
describe('GET /audit/trail: a bot\'s actions', function () {
  let server: TestServer, ann: ApiClient, bob: ApiClient, bot: MadeBot;
  let buildsId: number, deploysId: number;

  before(async function () {
    server = await startTestServer();
    ann = await server.createUser('Ann');
    bob = await server.createUser('Bob');
    bot = await createBot(ann, 'builder');
    [buildsId] = await createChannels(bot.client, ['builds']);
    expectSuccess(await server.owner.patch(`/bots/${bot.userId}`, { bot_owner_id: bob.userId }));
    [deploysId] = await createChannels(bot.client, ['deploys']);
  });
  after(() => server.stop());

  it('names the bot as actor and the owner it had when it acted', async function () {
    const { entries } = await trail(server.owner, { actor: bot.userId, kind: 'channel_created' });
    expect(entries.map((entry) => [entry.type, (entry.target as { channel_ids: number[] }).channel_ids])).to.deep.equal([
      ['ChannelCreated', [buildsId]],
      ['ChannelCreated', [deploysId]],
    ]);
    const actor = { user_id: bot.userId, full_name: 'builder bot', role: 400, is_bot: true };
    expect(entries[0].actor).to.deep.equal({ ...actor, bot_owner: { user_id: ann.userId, full_name: 'Ann' } });
    expect(entries[1].actor).to.deep.equal({ ...actor, bot_owner: { user_id: bob.userId, full_name: 'Bob' } });
  });

  it('records the owner change itself, by the organization owner, as a bot change', async function () {
    const { entries } = await trail(server.owner, { user_id: bot.userId, kind: 'bot' });
    const change = entries.find((entry) => entry.type === 'BotOwnerChanged');
    expect(change).to.deep.include({ kinds: ['bot'], target: { user_ids: [bot.userId], channel_ids: [], group_ids: [] } });
    expect(change?.actor).to.deep.include({ user_id: server.owner.userId, is_bot: false, bot_owner: null });
    expect(change?.changes).to.deep.equal([{ model: 'user', id: String(bot.userId), field: 'bot_owner_id', before: ann.userId, after: bob.userId }]);
  });

  it('names the owner in the CLI\'s lines', async function () {
    const run = await runEvents(['audit', 'trail', '--data-dir', server.dataDir, '--actor', String(bot.userId), '--kind', 'channel_created']);
    expect(run.code, run.stderr).to.equal(0);
    expect(run.stdout).to.contain(`ChannelCreated [channel_created] by builder bot (${bot.userId}, a bot of Ann (${ann.userId}))`);
    expect(run.stdout).to.contain(`ChannelCreated [channel_created] by builder bot (${bot.userId}, a bot of Bob (${bob.userId}))`);
  });
});
