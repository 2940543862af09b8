import { expect } from 'chai';
import type { ApiClient } from '../support/api-client.js';
import { createChannels } from '../support/channel-requests.js';
import { react } from '../support/message-change-requests.js';
import { postToChannel } from '../support/message-requests.js';
import { registerQueue } from '../support/realtime-client.js';
import { expectSuccess } from '../support/response-assertions.js';
import { expectResponseShape, responseProblems, responseSchemaOf } from '../support/response-schemas.js';
import { startServerWith } from '../support/server-with-people.js';
import type { TestServer } from '../support/test-server.js';

/** Objects carry the fields the public API lists for them at feature level 420, and no others. */
describe('response shapes as the public API defines them', function () {
  let server: TestServer, alice: ApiClient, bob: ApiClient;

  before(async function () {
    ({ server, alice, bob } = await startServerWith('alice', 'bob'));
    await createChannels(alice, ['room'], { principals: [alice.userId, bob.userId] });
  });
  after(() => server.stop());

  it("GET /users/me: exactly the reference's fields, max_message_id included, no bot type or owner for a person", async function () {
    const id = await postToChannel(bob, 'room', 'hi', 'hello');
    const me = expectSuccess(await alice.get('/users/me'));
    expect(Object.keys(me).sort()).to.deep.equal(
      ['result', 'msg', 'avatar_url', 'avatar_version', 'email', 'full_name', 'is_admin', 'is_owner', 'role', 'is_guest', 'is_bot', 'is_active', 'timezone', 'date_joined', 'max_message_id', 'user_id', 'delivery_email', 'profile_data'].sort(),
    );
    expect(me).to.include({ user_id: alice.userId, max_message_id: id, is_bot: false });
  });

  it('user records: a bot owner only for bots', async function () {
    const { state } = await registerQueue(alice, { fetch_event_types: ['realm_user'] });
    const people = state.realm_users as Record<string, unknown>[];
    expect(people.filter((user) => 'bot_owner_id' in user)).to.deep.equal([]);
    for (const bot of state.cross_realm_bots as Record<string, unknown>[]) expect(bot).to.include({ is_bot: true, bot_owner_id: null });
    const one = expectSuccess(await alice.get(`/users/${bob.userId}`)).user as Record<string, unknown>;
    expect(one).to.not.have.property('bot_owner_id');
    expect(one).to.include({ bot_type: null, is_bot: false });
  });

  it("a message's reactions carry the emoji and the reacting user's id, not the removed user object", async function () {
    const id = await postToChannel(bob, 'room', 'hi', 'react to me');
    expectSuccess(await react(alice, id, { emoji_name: 'octopus' }));
    const message = expectSuccess(await alice.get(`/messages/${id}`)).message as { reactions: Record<string, unknown>[] };
    expect(message.reactions).to.deep.equal([{ emoji_name: 'octopus', emoji_code: '1f419', reaction_type: 'unicode_emoji', user_id: alice.userId }]);
  });

  it('errors: var_name only on a missing argument, as the reference shapes them', async function () {
    const invalid = await alice.patch('/settings', { color_scheme: '9' });
    expect(invalid.body).to.deep.equal({ result: 'error', code: 'BAD_REQUEST', msg: "Invalid 'color_scheme': must be one of 1, 2, 3" });
    const missing = await alice.post('/messages', { type: 'channel', to: 'room', content: 'no topic' });
    expect(missing.body).to.deep.equal({ result: 'error', code: 'REQUEST_VARIABLE_MISSING', msg: "Missing 'topic' argument", var_name: 'topic' });
  });

  describe('the response schemas of register, messages, events and users/me (schemas/responses/)', function () {
    it('every answer of the four endpoints the client gets is checked, errors against the error schema', function () {
      expect(responseSchemaOf('POST', '/register', 200)).to.equal('register');
      expect(responseSchemaOf('GET', '/messages?anchor=newest', 200)).to.equal('messages-get');
      expect(responseSchemaOf('GET', '/events', 400)).to.equal('error');
      expect(responseSchemaOf('GET', '/users/me', 200)).to.equal('users-me');
      expect(responseSchemaOf('GET', '/users/me/subscriptions', 200)).to.equal(null);
    });

    it('a drift from the shape fails: a missing, renamed or mistyped field', async function () {
      const queue = await registerQueue(alice, { fetch_event_types: ['subscription', 'realm_user'] });
      const { queue_id: _dropped, ...noQueue } = queue.state;
      expect(responseProblems('register', noQueue).join()).to.contain('queue_id');
      const subscriptions = queue.state.subscriptions as Record<string, unknown>[];
      const { is_muted: muted, ...rest } = subscriptions[0];
      expect(responseProblems('register', { ...queue.state, subscriptions: [{ ...rest, in_home: !muted }] }).join()).to.contain('is_muted');

      await postToChannel(bob, 'room', 'shapes', 'checked');
      const page = expectSuccess(await alice.get('/messages', { anchor: 'newest', num_before: 1, num_after: 0 }));
      expect(responseProblems('messages-get', page)).to.deep.equal([]);
      const [message] = page.messages as Record<string, unknown>[];
      const { subject, ...renamed } = message;
      expect(responseProblems('messages-get', { ...page, messages: [{ ...renamed, topic: subject }] }).join()).to.match(/subject|topic/);
      expect(responseProblems('messages-get', { ...page, found_anchor: 'yes' }).join()).to.contain('found_anchor');

      const polled = await alice.get('/events', { queue_id: queue.queueId, last_event_id: queue.lastEventId, dont_block: true });
      expectResponseShape('GET', '/events', polled.status, polled.body);
      expect(responseProblems('events-get', { ...polled.body, queue_id: null }).join()).to.contain('queue_id');
      expect(responseProblems('error', { result: 'error', msg: 'Bad event queue ID: x', code: 'BAD_EVENT_QUEUE_ID' }).join()).to.contain('queue_id');

      const me = expectSuccess(await alice.get('/users/me'));
      expect(responseProblems('users-me', { ...me, role: '400' }).join()).to.contain('role');
      expect(responseProblems('users-me', { ...me, extra_field: 1 }).join()).to.contain('extra_field');
    });

    it('GET /events answers with the same bytes as before its envelope was the common one', async function () {
      const queue = await registerQueue(alice, { event_types: ['message'] });
      await postToChannel(bob, 'room', 'bytes', 'one');
      const res = await fetch(`${alice.baseUrl}/api/v1/events?queue_id=${queue.queueId}&last_event_id=-1&dont_block=true&bogus=1`, {
        headers: { Authorization: `Basic ${Buffer.from(`${alice.email}:${alice.credentials!.apiKey}`).toString('base64')}` },
      });
      const text = await res.text();
      expect(res.headers.get('content-type')).to.equal('application/json');
      expect(res.headers.get('content-length')).to.equal(String(Buffer.byteLength(text)));
      expect(text, text).to.match(/^\{"result":"success","msg":"","events":\[\{"type":"message",.*,"id":\d+\}\],"queue_id":"[^"]+","ignored_parameters_unsupported":\["bogus"\]\}$/);
    });
  });
});
