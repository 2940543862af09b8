import { expect } from 'chai';
import type { ApiClient } from '../support/api-client.js';
import type { ReceivedEvent } from '../support/event-schemas.js';
import { createChannels } from '../support/channel-requests.js';
import { drain, type Queue, registerQueue } from '../support/realtime-client.js';
import { expectSuccess } from '../support/response-assertions.js';
import { startServerWith } from '../support/server-with-people.js';
import type { TestServer } from '../support/test-server.js';

const KNOWS_ARCHIVED = { client_capabilities: { archived_channels: true } };

const channelEvents = async (queue: Queue): Promise<Record<string, unknown>[]> =>
  (await drain(queue))
    .filter((event: ReceivedEvent) => ['stream', 'subscription', 'default_streams'].includes(event.type))
    .map(({ id: _id, ...rest }) => rest);

const kinds = (events: readonly Record<string, unknown>[]): string[] => events.map((event) => (event.op ? `${String(event.type)}.${String(event.op)}` : String(event.type)));

describe('channels: events of archiving, default channels and subscription properties', function () {
  let server: TestServer, admin: ApiClient, subscriber: ApiClient, member: ApiClient, guest: ApiClient;

  before(async function () {
    ({ server, admin, subscriber, member, guest } = await startServerWith('admin', 'subscriber', 'member', 'guest'));
  });
  after(() => server.stop());

  it('archiving: clients that know archived channels see the flag, the others lose the channel; unarchiving brings it back', async function () {
    const [id] = await createChannels(subscriber, ['archive-me']);
    const modern = await registerQueue(member, KNOWS_ARCHIVED);
    const legacy = await registerQueue(member);
    const legacySubscriber = await registerQueue(subscriber);
    const flag = (value: boolean) => ({ type: 'stream', op: 'update', stream_id: id, name: 'archive-me', property: 'is_archived', value });

    expectSuccess(await admin.delete(`/streams/${id}`));
    const gone = { type: 'stream', op: 'delete', streams: [{ stream_id: id }], stream_ids: [id] };
    expect(await channelEvents(modern)).to.deep.equal([flag(true)]);
    expect(await channelEvents(legacy)).to.deep.equal([gone]);
    expect(await channelEvents(legacySubscriber)).to.deep.equal([gone]);

    // While archived, changes reach only the clients that still list the channel.
    expectSuccess(await admin.patch(`/streams/${id}`, { description: 'Dusty' }));
    expect(kinds(await channelEvents(modern))).to.deep.equal(['stream.update']);
    expect(await channelEvents(legacy)).to.deep.equal([]);

    expectSuccess(await admin.patch(`/streams/${id}`, { is_archived: false }));
    expect(await channelEvents(modern)).to.deep.equal([flag(false)]);
    const back = await channelEvents(legacy);
    expect(kinds(back)).to.deep.equal(['stream.create']);
    expect((back[0].streams as Record<string, unknown>[])[0]).to.include({ stream_id: id, is_archived: false, description: 'Dusty', subscriber_count: 1 });
    const rejoined = await channelEvents(legacySubscriber);
    expect(kinds(rejoined)).to.deep.equal(['stream.create', 'subscription.add']);
    expect((rejoined[1].subscriptions as Record<string, unknown>[])[0]).to.deep.include({ stream_id: id, subscribers: [subscriber.userId], is_muted: false });
  });

  it('default channels: every user but guests gets the new list', async function () {
    const [first, second] = await createChannels(admin, ['default-one', 'default-two']);
    const [mem, gst, adm] = await Promise.all([member, guest, admin].map((client) => registerQueue(client)));
    expectSuccess(await admin.post('/default_streams', { stream_id: first }));
    expectSuccess(await admin.patch(`/streams/${second}`, { is_default_stream: true }));
    expectSuccess(await admin.delete('/default_streams', { stream_id: first }));
    const lists = [[first], [first, second].sort((a, b) => a - b), [second]].map((default_streams) => ({ type: 'default_streams', default_streams }));
    expect(await channelEvents(mem)).to.deep.equal(lists);
    expect(await channelEvents(adm)).to.deep.equal(lists);
    expect(await channelEvents(gst)).to.deep.equal([]);

    // Archiving a default channel takes it off the list first.
    expectSuccess(await admin.delete(`/streams/${second}`));
    expect(kinds(await channelEvents(mem))).to.deep.equal(['default_streams', 'stream.delete']);
  });

  it('subscription properties: only the subscriber hears of them; muting also updates in_home_view', async function () {
    const [id] = await createChannels(member, ['personal'], { principals: [member.userId, subscriber.userId] });
    const [own, other] = await Promise.all([member, subscriber].map((client) => registerQueue(client)));
    expectSuccess(
      await member.post('/users/me/subscriptions/properties', {
        subscription_data: [
          { stream_id: id, property: 'color', value: '#aa0000' },
          { stream_id: id, property: 'in_home_view', value: false },
          { stream_id: id, property: 'push_notifications', value: true },
        ],
      }),
    );
    const changed = (property: string, value: unknown) => ({ type: 'subscription', op: 'update', stream_id: id, property, value });
    expect(await channelEvents(own)).to.deep.equal([
      changed('color', '#aa0000'),
      changed('is_muted', true),
      changed('in_home_view', false),
      changed('push_notifications', true),
    ]);
    expect(await channelEvents(other)).to.deep.equal([]);
  });
});
