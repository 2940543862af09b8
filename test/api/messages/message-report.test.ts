import { expect } from 'chai';
import type { ApiClient } from '../../support/api-client.js';
import { createChannels, expectNothingRecorded } from '../../support/channel-requests.js';
import { postDirect, postToChannel } from '../../support/message-requests.js';
import { expectExactFailure, expectSuccess } from '../../support/response-assertions.js';
import { startServerWith } from '../../support/server-with-people.js';
import type { TestServer } from '../../support/test-server.js';

describe('POST /messages/{message_id}/report', function () {
  let server: TestServer, alice: ApiClient, bob: ApiClient, outsider: ApiClient;
  let moderationId: number;

  before(async function () {
    ({ server, alice, bob, outsider } = await startServerWith('alice', 'bob', 'outsider'));
    await createChannels(alice, ['lounge'], { principals: [alice.userId, bob.userId] });
    await createChannels(alice, ['vault'], { invite_only: true, principals: [alice.userId] });
    [moderationId] = await createChannels(server.owner, ['moderators'], { invite_only: true, principals: [server.owner.userId] });
  });
  after(() => server.stop());

  const report = (client: ApiClient, id: number, params: Record<string, unknown>) => client.post(`/messages/${id}/report`, params);
  const latestIn = async (channelId: number, markdown = false) => {
    const narrow = JSON.stringify([{ operator: 'channel', operand: channelId }]);
    const { messages } = expectSuccess(await server.owner.get('/messages', { anchor: 'newest', num_before: 1, num_after: 0, narrow, apply_markdown: String(markdown) }));
    return (messages as Record<string, unknown>[])[0];
  };

  it('is refused while the organization has no moderation request channel', async function () {
    const id = await postToChannel(alice, 'lounge', 'chat', 'rude words');
    await expectNothingRecorded(server, () => report(bob, id, { report_type: 'harassment' }), (res) =>
      expectExactFailure(res, 'BAD_REQUEST', 'Moderation request channel must be specified to enable message reporting.'));
  });

  it("posts the report, from the notification bot, to the moderation channel in the sender's moderation topic", async function () {
    expectSuccess(await server.owner.patch('/realm', { moderation_request_channel_id: moderationId }));
    const id = await postToChannel(alice, 'lounge', 'chat', 'buy cheap watches');
    expect(expectSuccess(await report(bob, id, { report_type: 'spam', description: 'selling things' }))).to.deep.equal({ result: 'success', msg: '' });
    const posted = await latestIn(moderationId);
    expect(posted).to.include({ sender_full_name: 'Notification Bot', subject: 'Alice moderation' });
    const content = String(posted.content);
    expect(content).to.match(new RegExp(`^@_\\*\\*Bob\\|${bob.userId}\\*\\* reported a message sent by @_\\*\\*Alice\\|${alice.userId}\\*\\* at <time:[^>]+>\\.\\n`));
    expect(content).to.contain('```quote\n**Spam**. selling things\n```');
    expect(content).to.contain(`\`\`\` spoiler Original message at #**lounge>chat@${id}**\nbuy cheap watches\n\`\`\``);
    // Rendered, the reported text is hidden in a spoiler whose header links to the message.
    const html = String((await latestIn(moderationId, true)).content);
    expect(html).to.match(new RegExp(`<div class="spoiler-block"><div class="spoiler-header">\\n<p>Original message at <a class="message-link" href="[^"]*/near/${id}">`));
    expect(html).to.contain('</div><div class="spoiler-content" aria-hidden="true">\n<p>buy cheap watches</p>\n</div></div>');
  });

  it('reports a direct message with a link to it, naming who it went to when the reporter sent it', async function () {
    const id = await postDirect(bob, [alice.userId], 'my own regrettable words');
    expectSuccess(await report(bob, id, { report_type: 'inappropriate' }));
    const content = String((await latestIn(moderationId)).content);
    expect(content).to.contain(`sent by @_**Bob|${bob.userId}** to @_**Alice|${alice.userId}** at`);
    expect(content).to.contain(`[Original message](${server.url}/#narrow/dm/${[alice.userId, bob.userId].sort((a, b) => a - b).join(',')}/near/${id})`);
    expect(content).to.contain('**Inappropriate content**. ');
  });

  it('refuses a bad reason, an "other" reason without an explanation, a long explanation, and messages the reporter cannot read', async function () {
    const id = await postToChannel(alice, 'lounge', 'chat', 'hm');
    const secret = await postToChannel(alice, 'vault', 'x', 'private');
    const refused = (client: ApiClient, target: number, params: Record<string, unknown>, msg: string, code = 'BAD_REQUEST') =>
      expectNothingRecorded(server, () => report(client, target, params), (res) => expectExactFailure(res, code, msg));
    await refused(bob, id, { report_type: 'boring' }, "Invalid 'report_type': must be one of \"spam\", \"harassment\", \"inappropriate\", \"norms\", \"other\"");
    await refused(bob, id, {}, "Missing 'report_type' argument", 'REQUEST_VARIABLE_MISSING');
    await refused(bob, id, { report_type: 'other' }, 'An explanation is required.');
    await refused(bob, id, { report_type: 'other', description: 'x'.repeat(1001) }, "Invalid 'description': must NOT have more than 1000 characters");
    await refused(outsider, secret, { report_type: 'spam' }, 'Invalid message(s)');
    await refused(bob, 99999, { report_type: 'spam' }, 'Invalid message(s)');
  });
});
