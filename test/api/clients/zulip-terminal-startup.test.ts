import { expect } from 'chai';
import type { ApiClient } from '../../support/api-client.js';
import { createChannels } from '../../support/channel-requests.js';
import { postDirect, postToChannel } from '../../support/message-requests.js';
import { expectSuccess } from '../../support/response-assertions.js';
import { startServerWith } from '../../support/server-with-people.js';
import type { TestServer } from '../../support/test-server.js';

/**
 * zulip-terminal's start-up (zulipterminal/model.py, Model.__init__ and _register_desired_events):
 * exactly the register request it makes, and every part of the answer it reads before its first
 * screen, with the types it relies on. It sends no client_capabilities.
 */
const EVENT_TYPES = ['message', 'update_message', 'reaction', 'submessage', 'subscription', 'typing', 'update_message_flags', 'user_settings', 'realm_emoji', 'realm_user'];
const FETCH_EVENT_TYPES = [
  'realm', 'presence', 'subscription', 'message', 'starred_messages', 'update_message_flags', 'muted_topics', 'realm_user',
  'realm_user_groups', 'user_settings', 'realm_emoji', 'custom_profile_fields', 'zulip_version',
];

type Json = Record<string, unknown>;

describe('real clients: zulip-terminal start-up', function () {
  let server: TestServer, alice: ApiClient, bob: ApiClient;

  before(async function () {
    ({ server, alice, bob } = await startServerWith('alice', 'bob'));
    const [generalId] = await createChannels(alice, ['general'], { principals: [alice.userId, bob.userId] });
    await postToChannel(bob, 'general', 'lunch', 'hungry?');
    const starred = await postToChannel(bob, 'general', 'lunch', 'pizza');
    await postDirect(bob, [alice.userId], 'psst');
    expectSuccess(await alice.post('/messages/flags', { messages: JSON.stringify([starred]), op: 'add', flag: 'starred' }));
    expectSuccess(await alice.post('/user_topics', { stream_id: generalId, topic: 'lunch', visibility_policy: 1 }));
    expectSuccess(await alice.post('/user_groups/create', { name: 'crew', description: 'the crew', members: JSON.stringify([alice.userId, bob.userId]) }));
  });
  after(() => server.stop());

  it('answers its register with every section it reads, in the types it expects', async function () {
    const state = expectSuccess(
      await alice.post('/register', {
        event_types: JSON.stringify(EVENT_TYPES),
        fetch_event_types: JSON.stringify(FETCH_EVENT_TYPES),
        client_gravatar: 'true',
        apply_markdown: 'true',
        include_subscribers: 'true',
      }),
    ) as Json;
    const types: Record<string, string> = {
      zulip_version: 'string', zulip_feature_level: 'number', queue_id: 'string', last_event_id: 'number', max_message_id: 'number',
      user_id: 'number', email: 'string', full_name: 'string', realm_name: 'string', realm_message_retention_days: 'number',
      realm_allow_message_editing: 'boolean', realm_allow_edit_history: 'boolean', realm_message_content_edit_limit_seconds: 'number',
      max_stream_name_length: 'number', max_topic_length: 'number', max_message_length: 'number',
      server_typing_started_wait_period_milliseconds: 'number', server_typing_stopped_wait_period_milliseconds: 'number',
      server_typing_started_expiry_period_milliseconds: 'number', server_presence_offline_threshold_seconds: 'number',
      server_presence_ping_interval_seconds: 'number',
    };
    for (const [key, type] of Object.entries(types)) expect(typeof state[key], key).to.equal(type);
    for (const key of ['subscriptions', 'realm_users', 'cross_realm_bots', 'realm_user_groups', 'custom_profile_fields', 'muted_topics', 'starred_messages']) {
      expect(state[key], key).to.be.an('array');
    }
    for (const key of ['presences', 'realm_emoji', 'user_settings', 'unread_msgs']) expect(state[key], key).to.be.an('object');

    // Subscriptions: the fields _subscribe_to_streams and the stream list read.
    const general = (state.subscriptions as Json[]).find((sub) => sub.name === 'general')!;
    for (const key of ['stream_id', 'name', 'color', 'description', 'rendered_description', 'pin_to_top', 'is_muted', 'in_home_view', 'desktop_notifications', 'invite_only', 'date_created', 'message_retention_days', 'stream_weekly_traffic', 'subscribers']) {
      expect(general, key).to.have.property(key);
    }
    // Muted topics as [channel name, topic, timestamp] (it asserts every entry has three parts).
    expect(state.muted_topics).to.have.length(1);
    expect((state.muted_topics as unknown[][])[0].slice(0, 2)).to.deep.equal(['general', 'lunch']);
    expect(typeof (state.muted_topics as unknown[][])[0][2]).to.equal('number');
    expect(state.starred_messages).to.have.length(1);
    const crew = (state.realm_user_groups as Json[]).find((group) => group.name === 'crew')!;
    expect(crew).to.include.keys('id', 'name', 'description', 'members');
    expect(state.user_settings).to.include.keys('send_private_typing_notifications', 'twenty_four_hour_time', 'pm_content_in_desktop_notifications');
    for (const user of [...(state.realm_users as Json[]), ...(state.cross_realm_bots as Json[])]) expect(user).to.include.keys('user_id', 'email', 'full_name', 'is_bot');
    expect(state.unread_msgs).to.include.keys('pms', 'streams', 'huddles', 'mentions', 'count');
  });
});
