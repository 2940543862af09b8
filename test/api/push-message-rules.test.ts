import { expect } from 'chai';
import type { ApiClient } from '../support/api-client.js';
import { createChannels, subscribe } from '../support/channel-requests.js';
import { objectField, stringField } from '../support/json-fields.js';
import type { LoopbackBouncer } from '../support/loopback-bouncer.js';
import { postDirect, postToChannel } from '../support/message-requests.js';
import {
  fcmTokenOf,
  hasPushJob,
  legacyPushesTo,
  pushedMessageIds,
  pushesSent,
  pushRecords,
  registerFcmToken,
  resetBouncer,
  runJobs,
  stopServerAndBouncer,
} from '../support/message-push-support.js';
import { type DeviceKeys, newDeviceKeys, openSealed, registerDevice, registration, startPushServer } from '../support/push-requests.js';
import { expectSuccess } from '../support/response-assertions.js';
import type { TestServer } from '../support/test-server.js';

const PRESENCE_THRESHOLD_MS = 140_000;

describe('message pushes: who is pushed', function () {
  let server: TestServer, bouncer: LoopbackBouncer, alice: ApiClient, bob: ApiClient, carol: ApiClient, phone: DeviceKeys, lobby: number;

  before(async function () {
    ({ server, bouncer, alice, bob, carol } = await startPushServer('alice', 'bob', 'carol'));
    phone = await newDeviceKeys();
    await registerFcmToken(bob);
    expectSuccess(await registerDevice(carol, registration(phone, { push_account_id: 77 })));
    [lobby] = await createChannels(alice, ['lobby']);
    for (const member of [bob, carol]) expectSuccess(await subscribe(member, ['lobby']));
  });
  after(() => stopServerAndBouncer(server, bouncer));
  beforeEach(() => resetBouncer(bouncer));

  /** A direct message to Bob that the job decides not to push: nothing reaches the bouncer, an empty record ends the job. */
  async function expectDirectNotPushed(content: string): Promise<void> {
    const id = await postDirect(alice, [bob.userId], content);
    await runJobs(server);
    expect(bouncer.received).to.deep.equal([]);
    expect(pushRecords(server, id)).to.deep.equal([pushesSent(id)]);
  }

  const settings = async (client: ApiClient, values: Record<string, unknown>): Promise<void> => {
    expectSuccess(await client.patch('/settings', values));
  };

  it('pushes a direct message to an offline receiver once, with the organization, sender, text and time; the sender gets none', async function () {
    const id = await postDirect(alice, [bob.userId], 'Lunch at **noon**?');
    expect(await hasPushJob(server, id)).to.equal(true);
    expect(await runJobs(server)).to.equal(1);
    const aliceSeenByBob = objectField(expectSuccess(await bob.get(`/users/${alice.userId}`)), 'user');
    expect(legacyPushesTo(bouncer, bob.userId)).to.deep.equal([
      {
        realm_url: server.url,
        user_id: bob.userId,
        devices: [{ token_kind: 'fcm', token: fcmTokenOf(bob), ios_app_id: null }],
        payload: {
          event: 'message',
          realm_name: 'Test Org',
          realm_url: server.url,
          user_id: bob.userId,
          message_id: id,
          sender_id: alice.userId,
          sender_email: stringField(aliceSeenByBob, 'email'),
          sender_full_name: 'Alice',
          recipient_type: 'direct',
          content: 'Lunch at noon?',
          content_truncated: false,
          time: Math.floor(server.clock.now() / 1000),
        },
      },
    ]);
    expect(bouncer.received).to.have.length(1);
    expect(pushRecords(server, id)).to.deep.equal([pushesSent(id, [bob.userId])]);
    expect(await hasPushJob(server, id)).to.equal(false);
    expect(await runJobs(server)).to.equal(0);
    expect(bouncer.received).to.have.length(1);
  });

  it('pushes a mention in a channel to the mentioned user only; an encrypted device gets the payload sealed to its key', async function () {
    const id = await postToChannel(alice, 'lobby', 'plans', 'Hey @**Carol**, see this');
    await runJobs(server);
    expect(legacyPushesTo(bouncer, bob.userId)).to.deep.equal([]);
    const [sealed] = bouncer.at('/e2ee/notify');
    expect(sealed).to.deep.include({ realm_url: server.url, user_id: carol.userId });
    const [device] = sealed?.devices as { device_id: string; push_account_id: number; encrypted_data: string }[];
    expect(device).to.include({ push_account_id: 77 });
    expect(await openSealed(device?.encrypted_data, phone)).to.deep.include({
      event: 'message',
      realm_name: 'Test Org',
      user_id: carol.userId,
      message_id: id,
      recipient_type: 'channel',
      channel_id: lobby,
      channel_name: 'lobby',
      topic: 'plans',
      content: 'Hey @Carol, see this',
      push_account_id: 77,
    });
    expect(pushRecords(server, id)).to.deep.equal([pushesSent(id, [carol.userId])]);
  });

  it('a plain channel message is pushed only where enable_stream_push_notifications or the subscription says so', async function () {
    // Carol follows "plans" since she was mentioned there (automatically_follow_topics_where_mentioned), so a fresh topic.
    const quiet = await postToChannel(alice, 'lobby', 'quiet', 'nothing special');
    await runJobs(server);
    expect(bouncer.received).to.deep.equal([]);
    expect(pushRecords(server, quiet)).to.deep.equal([pushesSent(quiet)]);

    await settings(bob, { enable_stream_push_notifications: true });
    const property = { stream_id: lobby, property: 'push_notifications', value: true };
    expectSuccess(await carol.post('/users/me/subscriptions/properties', { subscription_data: JSON.stringify([property]) }));
    const loud = await postToChannel(alice, 'lobby', 'quiet', 'now it rings');
    await runJobs(server);
    expect(pushedMessageIds(bouncer, bob.userId)).to.deep.equal([loud]);
    expect(bouncer.at('/e2ee/notify').map((body) => body.user_id)).to.deep.equal([carol.userId]);
    await settings(bob, { enable_stream_push_notifications: false });
    expectSuccess(await carol.post('/users/me/subscriptions/properties', { subscription_data: JSON.stringify([{ ...property, value: false }]) }));
  });

  it('a muted topic is not pushed, while the channel’s other topics are', async function () {
    await settings(bob, { enable_stream_push_notifications: true });
    expectSuccess(await bob.post('/user_topics', { stream_id: lobby, topic: 'noise', visibility_policy: 1 }));
    const muted = await postToChannel(alice, 'lobby', 'noise', 'blah');
    const other = await postToChannel(alice, 'lobby', 'signal', 'important');
    await runJobs(server);
    expect(pushedMessageIds(bouncer, bob.userId)).to.deep.equal([other]);
    expect(pushRecords(server, muted)).to.deep.equal([pushesSent(muted)]);
    await settings(bob, { enable_stream_push_notifications: false });
  });

  it('a user active on another client is not pushed unless enable_online_push_notifications is on', async function () {
    expectSuccess(await bob.post('/users/me/presence', { status: 'active' }));
    await settings(bob, { enable_online_push_notifications: false });
    await expectDirectNotPushed('you are here anyway');

    await settings(bob, { enable_online_push_notifications: true });
    const online = await postDirect(alice, [bob.userId], 'pushed all the same');
    await runJobs(server);
    expect(pushedMessageIds(bouncer, bob.userId)).to.deep.equal([online]);

    await settings(bob, { enable_online_push_notifications: false });
    server.clock.advance(PRESENCE_THRESHOLD_MS + 1000);
    const away = await postDirect(alice, [bob.userId], 'gone quiet');
    await runJobs(server);
    expect(pushedMessageIds(bouncer, bob.userId)).to.deep.equal([online, away]);
    await settings(bob, { enable_online_push_notifications: true });
  });

  it('a message read before the job ran is not pushed', async function () {
    const id = await postDirect(alice, [bob.userId], 'read me on the desktop');
    expectSuccess(await bob.post('/messages/flags', { messages: JSON.stringify([id]), op: 'add', flag: 'read' }));
    await runJobs(server);
    expect(bouncer.received).to.deep.equal([]);
    expect(pushRecords(server, id)).to.deep.equal([pushesSent(id)]);
  });

  it('direct messages are not pushed with enable_offline_push_notifications off; a message between users without devices makes no job', async function () {
    await settings(bob, { enable_offline_push_notifications: false });
    await expectDirectNotPushed('silent');
    await settings(bob, { enable_offline_push_notifications: true });

    const toAlice = await postDirect(bob, [alice.userId], 'alice has no phone');
    expect(await hasPushJob(server, toAlice)).to.equal(false);
    await runJobs(server);
    expect(pushRecords(server, toAlice)).to.deep.equal([]);
  });
});
