import { expect } from 'chai';
import type { ApiClient } from '../support/api-client.js';
import type { ReceivedEvent } from '../support/event-schemas.js';
import { createChannels } from '../support/channel-requests.js';
import { systemGroupIds } from '../support/group-requests.js';
import { drain, type Queue, registerQueue } from '../support/realtime-client.js';
import { expectSuccess } from '../support/response-assertions.js';
import { startServerWith } from '../support/server-with-people.js';
import type { TestServer } from '../support/test-server.js';

/** The channel-related events a queue holds now, without their ids. */
const channelEvents = async (queue: Queue): Promise<Record<string, unknown>[]> =>
  (await drain(queue))
    .filter((event: ReceivedEvent) => ['stream', 'subscription', 'default_streams'].includes(event.type))
    .map(({ id: _id, ...rest }) => rest);

const update = (stream_id: number, name: string, property: string, value: unknown, extra: Record<string, unknown> = {}) => ({
  type: 'stream',
  op: 'update',
  stream_id,
  name,
  property,
  value,
  ...extra,
});
const deleted = (stream_id: number) => ({ type: 'stream', op: 'delete', streams: [{ stream_id }], stream_ids: [stream_id] });

describe('channels: events of PATCH /streams/{id}', function () {
  let server: TestServer, admin: ApiClient, subscriber: ApiClient, member: ApiClient, guest: ApiClient;
  let groups: Record<string, number>;

  before(async function () {
    ({ server, admin, subscriber, member, guest } = await startServerWith('admin', 'subscriber', 'member', 'guest'));
    groups = await systemGroupIds(server.owner);
  });
  after(() => server.stop());

  /** A channel the owner creates with `subscriber` in it; private when asked. */
  const channelWithSubscriber = async (name: string, params: Record<string, unknown> = {}): Promise<number> =>
    (await createChannels(server.owner, [name], { principals: [server.owner.userId, subscriber.userId], ...params }))[0];

  it('tells everyone who sees a public channel about a rename and a new description; a guest hears nothing', async function () {
    const id = await channelWithSubscriber('news');
    const queues = await Promise.all([subscriber, member, guest].map((client) => registerQueue(client)));
    expectSuccess(await admin.patch(`/streams/${id}`, { new_name: 'headlines', description: 'All *the* news' }));
    const expected = [
      update(id, 'news', 'name', 'headlines'),
      update(id, 'headlines', 'description', 'All *the* news', { rendered_description: '<p>All <em>the</em> news</p>' }),
    ];
    expect(await channelEvents(queues[0])).to.deep.equal(expected);
    expect(await channelEvents(queues[1])).to.deep.equal(expected);
    expect(await channelEvents(queues[2])).to.deep.equal([]);
  });

  it('never tells a non-subscriber about a private channel they cannot see', async function () {
    const id = await channelWithSubscriber('vault', { invite_only: true });
    const [sub, mem, adm] = await Promise.all([subscriber, member, admin].map((client) => registerQueue(client)));
    expectSuccess(await server.owner.patch(`/streams/${id}`, { description: 'Secret', topics_policy: 'disable_empty_topic', history_public_to_subscribers: true }));
    const expected = [
      update(id, 'vault', 'description', 'Secret', { rendered_description: '<p>Secret</p>' }),
      update(id, 'vault', 'history_public_to_subscribers', true),
      update(id, 'vault', 'topics_policy', 'disable_empty_topic'),
    ];
    expect(await channelEvents(sub)).to.deep.equal(expected);
    expect(await channelEvents(adm)).to.deep.equal(expected);
    expect(await channelEvents(mem)).to.deep.equal([]);
  });

  it('privacy: going private removes the channel for those who lose sight of it; going public introduces it', async function () {
    // The administrator is subscribed: making a private channel public needs its content (the public server's rule).
    const id = await channelWithSubscriber('town-hall', { principals: [server.owner.userId, subscriber.userId, admin.userId] });
    const [sub, mem, gst] = await Promise.all([subscriber, member, guest].map((client) => registerQueue(client)));
    expectSuccess(await admin.patch(`/streams/${id}`, { is_private: true, history_public_to_subscribers: false }));
    expect(await channelEvents(sub)).to.deep.equal([update(id, 'town-hall', 'invite_only', true, { history_public_to_subscribers: false, is_web_public: false })]);
    expect(await channelEvents(mem)).to.deep.equal([deleted(id)]);

    expectSuccess(await admin.patch(`/streams/${id}`, { is_private: false }));
    expect(await channelEvents(sub)).to.deep.equal([update(id, 'town-hall', 'invite_only', false, { history_public_to_subscribers: true, is_web_public: false })]);
    const introduced = await channelEvents(mem);
    expect(introduced).to.have.length(1);
    expect(introduced[0]).to.include({ type: 'stream', op: 'create' });
    expect((introduced[0].streams as Record<string, unknown>[])[0]).to.include({ stream_id: id, name: 'town-hall', invite_only: false, subscriber_count: 3 });
    expect(await channelEvents(gst)).to.deep.equal([]);
  });

  it('a permission that lets a user subscribe shows them the private channel, and taking it away hides it', async function () {
    // Letting people in needs the channel's content, so the administrator is subscribed.
    const id = await channelWithSubscriber('inner-circle', { invite_only: true, principals: [server.owner.userId, subscriber.userId, admin.userId] });
    const [sub, mem] = await Promise.all([subscriber, member].map((client) => registerQueue(client)));
    const granted = { direct_members: [member.userId], direct_subgroups: [] };
    expectSuccess(await admin.patch(`/streams/${id}`, { can_subscribe_group: { new: granted } }));
    expect(await channelEvents(sub)).to.deep.equal([update(id, 'inner-circle', 'can_subscribe_group', granted)]);
    const shown = await channelEvents(mem);
    expect(shown.map((event) => `${String(event.type)}.${String(event.op)}`)).to.deep.equal(['stream.create']);
    expect((shown[0].streams as Record<string, unknown>[])[0]).to.deep.include({ stream_id: id, can_subscribe_group: granted });

    expectSuccess(await admin.patch(`/streams/${id}`, { can_subscribe_group: { new: groups['role:nobody'], old: granted } }));
    expect(await channelEvents(sub)).to.deep.equal([update(id, 'inner-circle', 'can_subscribe_group', groups['role:nobody'])]);
    expect(await channelEvents(mem)).to.deep.equal([deleted(id)]);
  });

  it('who may post also updates the legacy post-policy fields', async function () {
    const id = await channelWithSubscriber('announcements');
    const queue = await registerQueue(subscriber);
    expectSuccess(await admin.patch(`/streams/${id}`, { can_send_message_group: { new: groups['role:administrators'] } }));
    expect(await channelEvents(queue)).to.deep.equal([
      update(id, 'announcements', 'can_send_message_group', groups['role:administrators']),
      update(id, 'announcements', 'stream_post_policy', 2),
      update(id, 'announcements', 'is_announcement_only', true),
    ]);
    // A refused request tells nobody anything.
    expect((await admin.patch(`/streams/${id}`, { can_send_message_group: { new: groups['role:moderators'] }, message_retention_days: 'unlimited' })).status).to.equal(400);
    expect(await channelEvents(queue)).to.deep.equal([]);
    expectSuccess(await server.owner.patch(`/streams/${id}`, { can_send_message_group: { new: groups['role:moderators'] }, message_retention_days: 'unlimited' }));
    expect(await channelEvents(queue)).to.deep.equal([
      update(id, 'announcements', 'message_retention_days', -1),
      update(id, 'announcements', 'can_send_message_group', groups['role:moderators']),
      update(id, 'announcements', 'stream_post_policy', 4),
      update(id, 'announcements', 'is_announcement_only', false),
    ]);
  });

  it('folder changes carry the folder id, or null', async function () {
    const id = await channelWithSubscriber('filed');
    const folder = expectSuccess(await admin.post('/channel_folders/create', { name: 'Shelf', description: '' })).channel_folder_id as number;
    const queue = await registerQueue(subscriber);
    expectSuccess(await admin.patch(`/streams/${id}`, { folder_id: folder }));
    expectSuccess(await admin.patch(`/streams/${id}`, { folder_id: null }));
    expect(await channelEvents(queue)).to.deep.equal([update(id, 'filed', 'folder_id', folder), update(id, 'filed', 'folder_id', null)]);
  });
});
