import { expect } from 'chai';
import type { ApiClient } from '../support/api-client.js';
import { createChannels } from '../support/channel-requests.js';
import { react } from '../support/message-change-requests.js';
import { postToChannel } from '../support/message-requests.js';
import { registerQueue } from '../support/realtime-client.js';
import { expectSuccess } from '../support/response-assertions.js';
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
});
