import { expect } from 'chai';
import type { ApiClient } from '../support/api-client.js';
import { createChannels, expectNothingRecorded } from '../support/channel-requests.js';
import { postToChannel } from '../support/message-requests.js';
import { drain, ofType, registerQueue } from '../support/realtime-client.js';
import { expectBadRequest, expectFailure, expectSuccess } from '../support/response-assertions.js';
import { signUp } from '../support/server-with-people.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

describe('POST /streams/{stream_id}/delete_topic', () => {
  let server: TestServer, admin: ApiClient, member: ApiClient, channel: number, hidden: number;
  const topicIds = async (client: ApiClient, topic: string): Promise<number[]> =>
    (expectSuccess(await client.get('/messages', { anchor: 'newest', num_before: 500, num_after: 0, narrow: [{ operator: 'channel', operand: channel }, { operator: 'topic', operand: topic }] })).messages as { id: number }[]).map((m) => m.id);

  before(async () => {
    // No time for a second batch: a topic larger than one batch takes two requests.
    server = await startTestServer({ env: { CHAT_DELETE_TOPIC_TIME_BUDGET_MS: '0' } });
    ({ admin, member } = await signUp(server, 'admin', 'member'));
    [channel] = await createChannels(admin, ['Plaza'], { principals: [admin.userId, member.userId] });
    [hidden] = await createChannels(server.owner, ['Hidden'], { invite_only: true });
  });
  after(() => server.stop());

  it('deletes a small topic in one request, answering complete, and tells the readers', async () => {
    const ids = [await postToChannel(member, channel, 'lunch', 'soup?'), await postToChannel(admin, channel, 'Lunch', 'salad')];
    const kept = await postToChannel(member, channel, 'dinner', 'later');
    const queue = await registerQueue(member, { client_capabilities: { bulk_message_deletion: true } });
    expect(expectSuccess(await admin.post(`/streams/${channel}/delete_topic`, { topic_name: 'LUNCH' }))).to.deep.equal({ result: 'success', msg: '', complete: true });
    expect(await topicIds(member, 'lunch')).to.deep.equal([]);
    expect(await topicIds(member, 'dinner')).to.deep.equal([kept]);
    const deletions = ofType(await drain(queue), 'delete_message');
    expect(deletions.flatMap((event) => event.message_ids as number[])).to.have.members(ids);
  });

  it('deletes a topic larger than a batch newest first, answering complete false until it is done', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 103; i++) ids.push(await postToChannel(member, channel, 'flood', `message ${i}`));
    expect(expectSuccess(await admin.post(`/streams/${channel}/delete_topic`, { topic_name: 'flood' })).complete).to.equal(false);
    expect(await topicIds(admin, 'flood')).to.deep.equal(ids.slice(0, 3));
    expect(expectSuccess(await admin.post(`/streams/${channel}/delete_topic`, { topic_name: 'flood' })).complete).to.equal(true);
    expect(await topicIds(admin, 'flood')).to.deep.equal([]);
    // A topic with nothing left is simply complete.
    expect(expectSuccess(await admin.post(`/streams/${channel}/delete_topic`, { topic_name: 'flood' })).complete).to.equal(true);
  });

  it('refuses whoever may not delete any message in the channel, and channels the caller cannot see', async () => {
    const id = await postToChannel(member, channel, 'mine', 'keep me');
    await expectNothingRecorded(server, () => member.post(`/streams/${channel}/delete_topic`, { topic_name: 'mine' }), (res) =>
      expectFailure(res, 'UNAUTHORIZED_PRINCIPAL', 'Insufficient permission'));
    await expectNothingRecorded(server, () => member.post(`/streams/${hidden}/delete_topic`, { topic_name: 'x' }), (res) => expectBadRequest(res, 'Invalid channel ID'));
    await expectNothingRecorded(server, () => admin.post('/streams/99999/delete_topic', { topic_name: 'x' }), (res) => expectBadRequest(res, 'Invalid channel ID'));
    expectFailure(await admin.post(`/streams/${channel}/delete_topic`, {}), 'REQUEST_VARIABLE_MISSING', 'topic_name');
    expect(await topicIds(member, 'mine')).to.deep.equal([id]);
  });

  it("lets a channel's can_delete_any_message_group delete its topics", async () => {
    const id = await postToChannel(admin, channel, 'cleanup', 'old news');
    expectSuccess(await admin.patch(`/streams/${channel}`, { can_delete_any_message_group: { new: { direct_members: [member.userId], direct_subgroups: [] } } }));
    expect(expectSuccess(await member.post(`/streams/${channel}/delete_topic`, { topic_name: 'cleanup' })).complete).to.equal(true);
    expect(await topicIds(admin, 'cleanup')).to.not.include(id);
  });
});
