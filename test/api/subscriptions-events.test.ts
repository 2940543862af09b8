import { expect } from 'chai';
import { NOTIFICATION_BOT } from '@chat/core';
import type { ApiClient } from '../support/api-client.js';
import { botMessages } from '../support/bot-messages.js';
import { mySubscriptions, subscribe, unsubscribe } from '../support/channel-requests.js';
import { objectField } from '../support/json-fields.js';
import { drain, type Queue, registerQueue } from '../support/realtime-client.js';
import { expectFailure, expectSuccess } from '../support/response-assertions.js';
import { startServerWith } from '../support/server-with-people.js';
import type { TestServer } from '../support/test-server.js';

type Shape = Record<string, unknown>;

describe('subscriptions: stream and subscription events', function () {
  let server: TestServer, admin: ApiClient, subscriber: ApiClient, outsider: ApiClient, guest: ApiClient;
  let queues: Record<'owner' | 'admin' | 'subscriber' | 'outsider' | 'guest', Queue>;

  before(async function () {
    ({ server, admin, subscriber, outsider, guest } = await startServerWith('admin', 'subscriber', 'outsider', 'guest'));
  });
  after(() => server.stop());

  // Subscription records keep their null (inherit) notification fields for these clients.
  const MODERN = { client_capabilities: { notification_settings_null: true } };

  beforeEach(async function () {
    queues = {
      owner: await registerQueue(server.owner, MODERN),
      admin: await registerQueue(admin, MODERN),
      subscriber: await registerQueue(subscriber, MODERN),
      outsider: await registerQueue(outsider, MODERN),
      guest: await registerQueue(guest, MODERN),
    };
  });

  it('clients without notification_settings_null get the inherited notification values spelled out', async function () {
    const older = await registerQueue(subscriber);
    expect((await subscriber.patch('/settings', { enable_stream_push_notifications: true })).status).to.equal(200);
    await drain(older);
    expect((await subscriber.post('/users/me/subscriptions', { subscriptions: [{ name: 'spelled-out' }] })).status).to.equal(200);
    const [added] = (await drain(older)).filter((event) => event.type === 'subscription' && event.op === 'add');
    expect((added.subscriptions as Record<string, unknown>[])[0]).to.include({
      desktop_notifications: false,
      email_notifications: false,
      push_notifications: true,
      audible_notifications: false,
      wildcard_mentions_notify: true,
    });
    const modern = (await drain(queues.subscriber)).filter((event) => event.type === 'subscription' && event.op === 'add');
    expect((modern[0].subscriptions as Record<string, unknown>[])[0]).to.include({ desktop_notifications: null, push_notifications: null, wildcard_mentions_notify: null });
    const snapshot = (await registerQueue(subscriber)).state.subscriptions as Record<string, unknown>[];
    expect(snapshot.find((sub) => sub.name === 'spelled-out')).to.include({ push_notifications: true, desktop_notifications: false });
    const modernSnapshot = (await registerQueue(subscriber, MODERN)).state.subscriptions as Record<string, unknown>[];
    expect(modernSnapshot.find((sub) => sub.name === 'spelled-out')).to.include({ push_notifications: null });
  });

  /** The notification bot's direct message among `events` telling its receiver who subscribed them to one channel. */
  function subscribedNotice(events: Shape[], actor: ApiClient, actorName: string, channelName: string): Shape {
    const notices = events.filter((event) => event.type === 'message');
    expect(notices).to.have.length(1);
    const message = objectField(notices[0], 'message');
    expect(message).to.include({ sender_email: NOTIFICATION_BOT.email, type: 'private' });
    expect(message.content).to.equal(`@_**${actorName}|${actor.userId}** subscribed you to #**${channelName}**.`);
    return notices[0];
  }

  /**
   * A new channel's records as its events carried them, before its first message: the notice it starts
   * with, which then sets first_message_id (the `stream update` from firstMessage).
   */
  const beforeNotice = (record: Shape): Shape => ({ ...record, first_message_id: null });
  const firstMessage = (id: number, name: string, value: unknown): Shape => ({ type: 'stream', op: 'update', stream_id: id, name, property: 'first_message_id', value });

  /** The message event among `events` of the notification bot's notice a new channel starts with. */
  function channelNotice(events: Shape[], channelId: number): Shape {
    const notices = events.filter((event) => event.type === 'message');
    expect(notices).to.have.length(1);
    expect(objectField(notices[0], 'message')).to.include({ sender_email: NOTIFICATION_BOT.email, stream_id: channelId, subject: 'channel events' });
    return notices[0];
  }

  /** Everything each queue received since the last call, ids stripped (every event was schema-checked on receipt). */
  async function received(): Promise<Record<keyof typeof queues, Shape[]>> {
    const result: Record<string, Shape[]> = {};
    for (const [name, queue] of Object.entries(queues)) result[name] = (await drain(queue)).map(({ id: _id, ...rest }) => rest);
    return result as Record<keyof typeof queues, Shape[]>;
  }

  const idOf = async (name: string): Promise<number> => expectSuccess(await server.owner.get('/get_stream_id', { stream: name })).stream_id as number;
  /** The channel record as GET /streams/{id} gives it now, with the subscriber count it had at the event. */
  const channelRecord = async (id: number, subscriber_count: number): Promise<Shape> => ({ ...objectField(expectSuccess(await admin.get(`/streams/${id}`)), 'stream'), subscriber_count });
  /** The user's subscription record, with subscribers, as GET /users/me/subscriptions gives it now. */
  const subscriptionRecord = async (client: ApiClient, id: number): Promise<Shape> =>
    (await mySubscriptions(client, { include_subscribers: true })).find((sub) => sub.stream_id === id)!;

  const streamCreate = (record: Shape): Shape => ({ type: 'stream', op: 'create', streams: [record] });
  const streamDelete = (id: number): Shape => ({ type: 'stream', op: 'delete', streams: [{ stream_id: id }], stream_ids: [id] });
  const peer = (op: 'peer_add' | 'peer_remove', id: number, userIds: number[]): Shape => ({ type: 'subscription', op, stream_ids: [id], user_ids: userIds });

  it('a new public channel: stream create to every non-guest, subscription add to its creator, peer_add to the rest', async function () {
    expectSuccess(await subscribe(subscriber, [{ name: 'plaza', description: 'Open *air*' }]));
    const id = await idOf('plaza');
    const created = streamCreate(beforeNotice(await channelRecord(id, 0)));
    const add = { type: 'subscription', op: 'add', subscriptions: [beforeNotice(await subscriptionRecord(subscriber, id))] };
    expect((add.subscriptions[0] as Shape).subscribers).to.deep.equal([subscriber.userId]);
    const got = await received();
    const notice = channelNotice(got.subscriber, id);
    const first = firstMessage(id, 'plaza', objectField(notice, 'message').id);
    const others = [created, peer('peer_add', id, [subscriber.userId]), first];
    expect(got).to.deep.equal({ owner: others, admin: others, subscriber: [created, add, notice, first], outsider: others, guest: [] });
  });

  it('a new default channel: after stream create, default_streams with every default channel to every non-guest', async function () {
    expectSuccess(await subscribe(admin, ['welcome'], { is_default_stream: true }));
    const id = await idOf('welcome');
    const created = streamCreate(beforeNotice(await channelRecord(id, 0)));
    const defaults = { type: 'default_streams', default_streams: [id] };
    const add = { type: 'subscription', op: 'add', subscriptions: [beforeNotice(await subscriptionRecord(admin, id))] };
    const got = await received();
    const notice = channelNotice(got.admin, id);
    const first = firstMessage(id, 'welcome', objectField(notice, 'message').id);
    const others = [created, defaults, peer('peer_add', id, [admin.userId]), first];
    expect(got).to.deep.equal({ owner: others, admin: [created, defaults, add, notice, first], subscriber: others, outsider: others, guest: [] });
  });

  it('a new private channel: only those who may know it hear of it; its subscriber gets stream create and subscription add', async function () {
    expectSuccess(await subscribe(admin, ['vault'], { invite_only: true, principals: [subscriber.userId] }));
    const id = await idOf('vault');
    const add = { type: 'subscription', op: 'add', subscriptions: [beforeNotice(await subscriptionRecord(subscriber, id))] };
    const got = await received();
    const notice = channelNotice(got.subscriber, id);
    const first = firstMessage(id, 'vault', objectField(notice, 'message').id);
    const toAdmins = [streamCreate(beforeNotice(await channelRecord(id, 0))), peer('peer_add', id, [subscriber.userId]), first];
    expect(got).to.deep.equal({
      owner: toAdmins,
      admin: toAdmins,
      subscriber: [streamCreate(beforeNotice(await channelRecord(id, 1))), add, notice, first],
      outsider: [],
      guest: [],
    });
  });

  it("a private channel's subscriber changes reach its subscribers and administrators, never a non-subscriber member", async function () {
    expectSuccess(await subscribe(admin, ['back room'], { invite_only: true, principals: [subscriber.userId] }));
    const id = await idOf('back room');
    await received();
    // The administrator, not subscribed, may not add anyone here; a subscriber may.
    expectFailure(await subscribe(admin, ['back room'], { principals: [server.owner.userId] }), 'BAD_REQUEST', 'Unable to access channel (back room).');
    expectSuccess(await subscribe(subscriber, ['back room'], { principals: [server.owner.userId] }));
    const toPeers = [peer('peer_add', id, [server.owner.userId])];
    const add = { type: 'subscription', op: 'add', subscriptions: [await subscriptionRecord(server.owner, id)] };
    const got = await received();
    const notice = subscribedNotice(got.owner, subscriber, 'Sam Subscriber', 'back room');
    expect(got).to.deep.equal({ owner: [add, notice], admin: toPeers, subscriber: toPeers, outsider: [], guest: [] });
  });

  it('leaving a public channel: subscription remove to the user, peer_remove to everyone else who knows it', async function () {
    expectSuccess(await subscribe(subscriber, ['square']));
    expectSuccess(await subscribe(outsider, ['square']));
    const id = await idOf('square');
    await received();
    expect(expectSuccess(await unsubscribe(subscriber, ['square'])).removed).to.deep.equal(['square']);
    const others = [peer('peer_remove', id, [subscriber.userId])];
    const remove = { type: 'subscription', op: 'remove', subscriptions: [{ name: 'square', stream_id: id }] };
    expect(await received()).to.deep.equal({ owner: others, admin: others, subscriber: [remove], outsider: others, guest: [] });
  });

  it('losing access to a private channel: subscription remove, then stream delete', async function () {
    expectSuccess(await subscribe(admin, ['closet'], { invite_only: true, principals: [subscriber.userId, outsider.userId] }));
    const id = await idOf('closet');
    await received();
    expectSuccess(await unsubscribe(admin, ['closet'], { principals: [subscriber.userId] }));
    const remove = { type: 'subscription', op: 'remove', subscriptions: [{ name: 'closet', stream_id: id }] };
    const others = [peer('peer_remove', id, [subscriber.userId])];
    // The channel's notice, unread for the subscriber, is marked read as they leave.
    const [notice] = (await botMessages(server)).filter((data) => (data.recipient as { channel_id?: number }).channel_id === id);
    const markedRead = { type: 'update_message_flags', op: 'add', operation: 'add', flag: 'read', all: false, messages: [notice.message_id] };
    expect(await received()).to.deep.equal({ owner: others, admin: others, subscriber: [remove, streamDelete(id), markedRead], outsider: others, guest: [] });
  });

  it('a guest comes to know a public channel by being subscribed, and forgets it on leaving', async function () {
    expectSuccess(await subscribe(outsider, ['porch']));
    const id = await idOf('porch');
    await received();
    expectSuccess(await subscribe(admin, ['porch'], { principals: [guest.userId] }));
    const add = { type: 'subscription', op: 'add', subscriptions: [await subscriptionRecord(guest, id)] };
    const others = [peer('peer_add', id, [guest.userId])];
    const got = await received();
    const notice = subscribedNotice(got.guest, admin, 'Ada Admin', 'porch');
    expect(got).to.deep.equal({
      owner: others,
      admin: others,
      subscriber: others,
      outsider: others,
      guest: [streamCreate(await channelRecord(id, 2)), add, notice],
    });
    expectSuccess(await unsubscribe(guest, ['porch']));
    const gone = [peer('peer_remove', id, [guest.userId])];
    const remove = { type: 'subscription', op: 'remove', subscriptions: [{ name: 'porch', stream_id: id }] };
    expect(await received()).to.deep.equal({ owner: gone, admin: gone, subscriber: gone, outsider: gone, guest: [remove, streamDelete(id)] });
  });
});
