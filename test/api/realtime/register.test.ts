import { expect } from 'chai';
import type { ApiClient } from '../../support/api-client.js';
import { objectsField } from '../../support/json-fields.js';
import { allEventsOf, drain, registerQueue, waitingPoll } from '../../support/realtime-client.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';

const MODERN = { user_settings_object: true };

describe('realtime: POST /register', () => {
  let server: TestServer;
  let alice: ApiClient;

  before(async () => {
    server = await startTestServer();
    alice = await server.createUser('Alice');
  });
  after(() => server.stop());

  it('returns the queue, versions, limits, typing periods and realm edit settings', async () => {
    const { state } = await registerQueue(alice);
    expect(state).to.include({
      result: 'success',
      msg: '',
      service_feature_level: 420,
      zulip_feature_level: 420,
      max_message_length: 10000,
      max_topic_length: 60,
      max_channel_folder_name_length: 60,
      max_channel_folder_description_length: 1024,
      server_typing_started_wait_period_milliseconds: 30000,
      server_typing_stopped_wait_period_milliseconds: 12000,
      server_typing_started_expiry_period_milliseconds: 45000,
      realm_allow_message_editing: true,
      realm_message_content_edit_limit_seconds: 600,
    });
    expect(state.queue_id).to.be.a('string').and.not.empty;
    expect(state.last_event_id).to.be.a('number');
    expect(state.zulip_version).to.be.a('string').and.not.empty;
    expect(state.service_version).to.equal(state.zulip_version);
    expect(state.realm_empty_topic_display_name).to.be.a('string').and.not.empty;
    // Clients time their long-polls with this; it must exceed the 50 s heartbeat.
    expect(state.event_queue_longpoll_timeout_seconds).to.be.a('number').and.at.least(50);
    for (const limit of ['realm_move_messages_within_stream_limit_seconds', 'realm_move_messages_between_streams_limit_seconds']) {
      expect(state, limit).to.have.property(limit);
      expect(state[limit] === null || Number.isInteger(state[limit]), limit).to.equal(true);
    }
  });

  it("includes every active user and the viewer's own identity and settings", async () => {
    const { state } = await registerQueue(alice, { client_capabilities: MODERN });
    const ids = objectsField(state, 'realm_users').map((user) => user.user_id);
    expect(ids).to.include.members([server.owner.userId, alice.userId]);
    expect(state).to.include({ user_id: alice.userId, email: alice.email, full_name: 'Alice', is_admin: false, is_owner: false, is_guest: false });
    expect(state.delivery_email).to.equal(alice.email);
    expect(state.user_settings).to.include({ twenty_four_hour_time: false, default_language: 'en', timezone: '' });
  });

  it('client_gravatar defaults to true: avatar_url is null for users on the public avatar service', async () => {
    const byDefault = objectsField((await registerQueue(alice)).state, 'realm_users');
    expect(byDefault.every((user) => user.avatar_url === null)).to.equal(true);
    const explicit = objectsField((await registerQueue(alice, { client_gravatar: false })).state, 'realm_users');
    expect(explicit.every((user) => typeof user.avatar_url === 'string')).to.equal(true);
  });

  it('fetch_event_types limits the sections of the initial state', async () => {
    const { state } = await registerQueue(alice, { fetch_event_types: ['realm_user'] });
    expect(state).to.have.property('realm_users');
    expect(state).to.include({ user_id: alice.userId });
    expect(state).to.not.have.any.keys('user_settings', 'max_message_length', 'custom_profile_fields', 'realm_name');
    expect(state).to.include.keys('queue_id', 'last_event_id', 'service_feature_level');
  });

  it('event_types alone also limits the sections; without either, everything is fetched', async () => {
    const limited = (await registerQueue(alice, { event_types: ['user_settings'] })).state;
    expect(limited).to.have.property('user_settings');
    expect(limited).to.not.have.any.keys('realm_users', 'max_message_length');
    const all = (await registerQueue(alice)).state;
    expect(all).to.include.keys('realm_users', 'user_settings', 'custom_profile_fields', 'max_message_length');
  });

  it('event_types filters what the queue receives', async () => {
    const settingsOnly = await registerQueue(alice, { event_types: ['user_settings'], client_capabilities: MODERN });
    const everything = await registerQueue(alice, { client_capabilities: MODERN });
    const poll = await waitingPoll(server, settingsOnly);
    expect((await alice.patch('/settings', { timezone: 'Europe/Paris' })).status).to.equal(200);
    const received = await allEventsOf(settingsOnly, poll);
    expect(received.map((event) => event.type)).to.deep.equal(['user_settings']);
    expect((await drain(everything)).map((event) => event.type).sort()).to.deep.equal(['realm_user', 'user_settings']);
  });

  it('unsupported event types are ignored', async () => {
    const queue = await registerQueue(alice, { event_types: ['realm_user', 'no_such_type'], client_capabilities: MODERN });
    expect(queue.state).to.have.property('realm_users');
    expect((await alice.patch('/settings', { timezone: 'Europe/Rome' })).status).to.equal(200);
    expect((await drain(queue)).map((event) => event.type)).to.deep.equal(['realm_user']);
  });

  describe('client_capabilities.user_settings_object', () => {
    const change = { twenty_four_hour_time: true, enable_sounds: false };
    const summary = (events: { type: string; property?: unknown; setting_name?: unknown; notification_name?: unknown }[]) =>
      events.map((event) => `${event.type}:${String(event.property ?? event.setting_name ?? event.notification_name)}`).sort();

    it('false (the default): legacy top-level settings, and the legacy events besides user_settings', async () => {
      const user = await server.createUser('Legacy');
      const queues = [await registerQueue(user), await registerQueue(user, { client_capabilities: { user_settings_object: false } })];
      for (const { state } of queues) {
        expect(state).to.include({ twenty_four_hour_time: false, enable_sounds: true, default_language: 'en' });
        expect(state.user_settings).to.include({ twenty_four_hour_time: false });
      }
      expect((await user.patch('/settings', change)).status).to.equal(200);
      for (const queue of queues) {
        expect(summary(await drain(queue))).to.deep.equal([
          'update_display_settings:twenty_four_hour_time',
          'update_global_notifications:enable_sounds',
          'user_settings:enable_sounds',
          'user_settings:twenty_four_hour_time',
        ]);
      }
    });

    it('true: no legacy fields and only user_settings events', async () => {
      const user = await server.createUser('Modern');
      const queue = await registerQueue(user, { client_capabilities: MODERN });
      expect(queue.state).to.not.have.any.keys('twenty_four_hour_time', 'enable_sounds', 'default_language');
      expect(queue.state.user_settings).to.include({ twenty_four_hour_time: false, enable_sounds: true });
      expect((await user.patch('/settings', change)).status).to.equal(200);
      expect(summary(await drain(queue))).to.deep.equal(['user_settings:enable_sounds', 'user_settings:twenty_four_hour_time']);
    });

    it('the legacy default_language event carries language_name, as does the user_settings one', async () => {
      const user = await server.createUser('Linguist');
      const [legacy, modern] = [await registerQueue(user), await registerQueue(user, { client_capabilities: MODERN })];
      expect((await user.patch('/settings', { default_language: 'de' })).status).to.equal(200);
      const named = (events: Record<string, unknown>[]) => events.map((e) => [e.type, e.language_name]).sort();
      expect(named(await drain(legacy))).to.deep.equal([['update_display_settings', 'German'], ['user_settings', 'German']]);
      expect(named(await drain(modern))).to.deep.equal([['user_settings', 'German']]);
    });
  });

  it('accepts narrow as [operator, operand] pairs and as {operator, operand} objects', async () => {
    for (const narrow of [[['is', 'dm']], [{ operator: 'is', operand: 'dm' }], [{ operator: 'is', operand: 'starred', negated: true }], []]) {
      const res = await alice.post('/register', { narrow });
      expect(res.status, JSON.stringify(narrow)).to.equal(200);
      expect(res.body.queue_id).to.be.a('string');
    }
  });

  it('refuses a narrow that is not a list of terms', async () => {
    const res = await alice.post('/register', { narrow: [['is']] });
    expect(res.status).to.equal(400);
    expect(res.body).to.include({ result: 'error', code: 'BAD_REQUEST' });
  });

  it('refuses event_types that is not valid JSON', async () => {
    for (const name of ['event_types', 'fetch_event_types', 'client_capabilities']) {
      const res = await alice.post('/register', { [name]: '["realm_user"' });
      expect(res.status, name).to.equal(400);
      expect(res.body.result).to.equal('error');
      expect(res.body.msg, name).to.contain(name);
    }
  });

  it('requires authentication', async () => {
    const res = await server.anonymous.post('/register', {});
    expect(res.status).to.equal(401);
    expect(res.body.result).to.equal('error');
  });
});
