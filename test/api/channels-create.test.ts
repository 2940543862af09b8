import { expect } from 'chai';
import type { ApiClient } from '../support/api-client.js';
import { expectNothingRecorded, mySubscriptions } from '../support/channel-requests.js';
import { drain, ofType, registerQueue } from '../support/realtime-client.js';
import { expectBadRequest, expectFailure, expectSuccess } from '../support/response-assertions.js';
import { startServerWith } from '../support/server-with-people.js';
import type { TestServer } from '../support/test-server.js';

describe('POST /channels/create', () => {
  let server: TestServer, admin: ApiClient, member: ApiClient, guest: ApiClient;
  const channelOf = async (client: ApiClient, id: number): Promise<Record<string, unknown>> => expectSuccess(await client.get(`/streams/${id}`)).stream as Record<string, unknown>;

  before(async () => {
    ({ server, admin, member, guest } = await startServerWith('admin', 'member', 'guest'));
  });
  after(() => server.stop());

  it('creates a channel, subscribes exactly the listed users, and tells them', async () => {
    const queue = await registerQueue(member);
    const res = expectSuccess(await admin.post('/channels/create', { name: 'Design', description: 'Pixels *here*', subscribers: [member.userId, guest.userId] }));
    const id = res.id as number;
    expect(Object.keys(res)).to.have.members(['result', 'msg', 'id']);
    expect(await channelOf(admin, id)).to.include({ stream_id: id, name: 'Design', description: 'Pixels *here*', rendered_description: '<p>Pixels <em>here</em></p>', invite_only: false });
    expect((await mySubscriptions(member)).map((sub) => sub.stream_id)).to.include(id);
    expect((await mySubscriptions(admin)).map((sub) => sub.stream_id)).to.not.include(id);
    expect(expectSuccess(await admin.get(`/streams/${id}/members`)).subscribers).to.have.members([member.userId, guest.userId]);
    const events = await drain(queue);
    expect(ofType(events, 'subscription', 'add').flatMap((event) => (event.subscriptions as { stream_id: number }[]).map((sub) => sub.stream_id))).to.include(id);
  });

  it('sets the channel up as asked: private, history, topics policy, permissions', async () => {
    const groups = expectSuccess(await admin.get('/user_groups')).user_groups as { id: number; name: string }[];
    const moderators = groups.find((group) => group.name === 'role:moderators')!.id;
    const id = expectSuccess(await admin.post('/channels/create', {
      name: 'Vault', subscribers: [admin.userId], invite_only: true, history_public_to_subscribers: false, topics_policy: 'disable_empty_topic', can_send_message_group: moderators,
    })).id as number;
    expect(await channelOf(admin, id)).to.include({ invite_only: true, history_public_to_subscribers: false, topics_policy: 'disable_empty_topic', can_send_message_group: moderators });
    expectBadRequest(await member.get(`/streams/${id}`), 'Invalid channel ID');
  });

  it('answers 409 CHANNEL_ALREADY_EXISTS for a name taken regardless of case, recording nothing', async () => {
    await expectNothingRecorded(server, () => member.post('/channels/create', { name: 'design', subscribers: [] }), (res) => {
      expect(res.status).to.equal(409);
      expect(res.body).to.deep.equal({ result: 'error', msg: "Channel 'Design' already exists", code: 'CHANNEL_ALREADY_EXISTS' });
    });
  });

  it("applies the organization's rules for creating and subscribing others", async () => {
    await expectNothingRecorded(server, () => guest.post('/channels/create', { name: 'Guest corner', subscribers: [] }), (res) => expectBadRequest(res, 'Insufficient permission'));
    await expectNothingRecorded(server, () => member.post('/channels/create', { name: 'Defaults', subscribers: [], is_default_stream: true }), (res) =>
      expectFailure(res, 'UNAUTHORIZED_PRINCIPAL', "'is_default_stream'"));
    await expectNothingRecorded(server, () => member.post('/channels/create', { name: 'Kept', subscribers: [], message_retention_days: 30 }), (res) =>
      expectFailure(res, 'UNAUTHORIZED_PRINCIPAL', "'message_retention_days'"));
    await expectNothingRecorded(server, () => admin.post('/channels/create', { name: 'Ghosts', subscribers: [999_999] }), (res) => expectBadRequest(res, "'subscribers'"));
    await expectNothingRecorded(server, () => admin.post('/channels/create', { name: '', subscribers: [] }), (res) => expectBadRequest(res, "Channel name can't be empty"));
    const res = await member.post('/channels/create', { name: 'Missing' });
    expectFailure(res, 'REQUEST_VARIABLE_MISSING', 'subscribers');
  });

  it('lets a member create a channel for themselves, and others only with the organization permission', async () => {
    const own = expectSuccess(await member.post('/channels/create', { name: 'Mine', subscribers: [member.userId] })).id as number;
    expect((await mySubscriptions(member)).map((sub) => sub.stream_id)).to.include(own);
    const groups = expectSuccess(await admin.get('/user_groups')).user_groups as { id: number; name: string }[];
    const idOf = (name: string): number => groups.find((group) => group.name === name)!.id;
    expectSuccess(await admin.patch('/realm', { can_add_subscribers_group: { new: idOf('role:administrators') } }));
    await expectNothingRecorded(server, () => member.post('/channels/create', { name: 'Ours', subscribers: [member.userId, guest.userId] }), (res) =>
      expectBadRequest(res, 'Insufficient permission to subscribe other users'));
    expectSuccess(await admin.patch('/realm', { can_add_subscribers_group: { new: idOf('role:members') } }));
    expectSuccess(await member.post('/channels/create', { name: 'Ours', subscribers: [member.userId, guest.userId] }));
  });
});
