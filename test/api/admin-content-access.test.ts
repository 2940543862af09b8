import { expect } from 'chai';
import type { ApiClient } from '../support/api-client.js';
import { createChannels, expectNothingRecorded } from '../support/channel-requests.js';
import { postToChannel } from '../support/message-requests.js';
import { expectBadRequest, expectSuccess } from '../support/response-assertions.js';
import { startServerWith } from '../support/server-with-people.js';
import type { TestServer } from '../support/test-server.js';

/**
 * An administrator knows every private channel (name, subscribers, settings) but reads only those it
 * may read, as on the public server. Every administrative operation that touches many messages at once
 * is held to the same rule as reading them: none may reach messages the administrator cannot read.
 */
describe('administrators and the messages of private channels they cannot read', () => {
  let server: TestServer, admin: ApiClient, member: ApiClient;
  let secret: number, plaza: number;
  const narrowIds = async (client: ApiClient, channel: number, topic: string): Promise<number[]> =>
    (expectSuccess(await client.get('/messages', { anchor: 'newest', num_before: 100, num_after: 0, narrow: [{ operator: 'channel', operand: channel }, { operator: 'topic', operand: topic }] })).messages as { id: number }[]).map((m) => m.id);

  before(async () => {
    ({ server, admin, member } = await startServerWith('admin', 'member'));
    [secret] = await createChannels(member, ['Secret plans'], { invite_only: true });
    [plaza] = await createChannels(admin, ['Plaza'], { principals: [admin.userId, member.userId] });
  });
  after(() => server.stop());

  it('delete_topic: "Invalid channel ID", nothing deleted (it used to answer success)', async () => {
    const ids = [await postToChannel(member, secret, 'launch', 'tuesday'), await postToChannel(member, secret, 'launch', 'at noon')];
    // The administrator knows the channel, but reading it is refused: deleting it must be too.
    expect(expectSuccess(await admin.get(`/streams/${secret}`)).stream).to.include({ stream_id: secret, invite_only: true });
    expectBadRequest(await admin.get(`/messages/${ids[0]}`), 'Invalid message(s)');
    expect(await narrowIds(admin, secret, 'launch')).to.deep.equal([]);
    await expectNothingRecorded(server, () => admin.post(`/streams/${secret}/delete_topic`, { topic_name: 'launch' }), (res) => expectBadRequest(res, 'Invalid channel ID'));
    expect(await narrowIds(member, secret, 'launch')).to.deep.equal(ids);
  });

  it('deleting one message, moving it or its topic elsewhere: "Invalid message(s)", nothing changed', async () => {
    const id = await postToChannel(member, secret, 'budget', 'numbers');
    await expectNothingRecorded(server, () => admin.delete(`/messages/${id}`), (res) => expectBadRequest(res, 'Invalid message(s)'));
    await expectNothingRecorded(server, () => admin.patch(`/messages/${id}`, { topic: 'renamed', propagate_mode: 'change_all' }), (res) => expectBadRequest(res, 'Invalid message(s)'));
    await expectNothingRecorded(server, () => admin.patch(`/messages/${id}`, { stream_id: plaza, propagate_mode: 'change_all' }), (res) => expectBadRequest(res, 'Invalid message(s)'));
    expect(await narrowIds(member, secret, 'budget')).to.deep.equal([id]);
  });

  it("moving a topic into the channel: refused, the administrator cannot read the destination", async () => {
    const id = await postToChannel(admin, plaza, 'to hide', 'move me');
    await expectNothingRecorded(server, () => admin.patch(`/messages/${id}`, { stream_id: secret, propagate_mode: 'change_all' }), (res) => expectBadRequest(res, `Invalid 'stream_id': no channel ${secret}.`));
    expect(await narrowIds(admin, plaza, 'to hide')).to.deep.equal([id]);
  });

  it("the channel's topics and its email address are refused alike", async () => {
    expectBadRequest(await admin.get(`/users/me/${secret}/topics`), 'Invalid channel ID');
    expectBadRequest(await admin.get(`/streams/${secret}/email_address`), 'Invalid channel ID');
  });

  it('delete_topic in a channel with protected history deletes only the messages the administrator received', async () => {
    const [vault] = await createChannels(member, ['Vault'], { invite_only: true, history_public_to_subscribers: false });
    const before = await postToChannel(member, vault, 'minutes', 'before the administrator joined');
    expectSuccess(await member.post('/users/me/subscriptions', { subscriptions: [{ name: 'Vault' }], principals: [admin.userId] }));
    const after = [await postToChannel(member, vault, 'minutes', 'after'), await postToChannel(admin, vault, 'minutes', 'mine')];
    expect(await narrowIds(admin, vault, 'minutes')).to.deep.equal(after);
    expect(expectSuccess(await admin.post(`/streams/${vault}/delete_topic`, { topic_name: 'minutes' }))).to.deep.equal({ result: 'success', msg: '', complete: true });
    expect(await narrowIds(member, vault, 'minutes')).to.deep.equal([before]);
    // Asked again, there is nothing left it may delete: complete at once, nothing recorded.
    await expectNothingRecorded(server, () => admin.post(`/streams/${vault}/delete_topic`, { topic_name: 'minutes' }), (res) => expect(expectSuccess(res).complete).to.equal(true));
  });

  it('settings that would let the administrator in: "Channel content access is required.", while metadata changes go through', async () => {
    const onlyAdmin = { new: { direct_members: [admin.userId], direct_subgroups: [] } };
    for (const change of [{ is_private: false }, { can_subscribe_group: onlyAdmin }, { can_add_subscribers_group: onlyAdmin }]) {
      await expectNothingRecorded(server, () => admin.patch(`/streams/${secret}`, change), (res) => expectBadRequest(res, 'Channel content access is required.'));
    }
    expectSuccess(await admin.patch(`/streams/${secret}`, { description: 'Reviewed by the administrators' }));
    expect(expectSuccess(await admin.get(`/streams/${secret}`)).stream).to.include({ invite_only: true, description: 'Reviewed by the administrators' });
    // A subscriber who administers the channel may open it up.
    expectSuccess(await member.patch(`/streams/${secret}`, { is_private: false }));
  });
});
