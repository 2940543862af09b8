import { expect } from 'chai';
import type { ApiClient } from '../support/api-client.js';
import { expectNothingRecorded } from '../support/channel-requests.js';
import { drain, ofType, registerQueue } from '../support/realtime-client.js';
import { expectExactFailure, expectSuccess } from '../support/response-assertions.js';
import { startServerWith } from '../support/server-with-people.js';
import type { TestServer } from '../support/test-server.js';

describe('user status: POST /users/me/status, GET and POST /users/{id}/status, user_status events', function () {
  let server: TestServer, alice: ApiClient, bob: ApiClient, admin: ApiClient;

  before(async function () {
    ({ server, alice, bob, admin } = await startServerWith('alice', 'bob', 'admin'));
  });
  after(() => server.stop());

  const setStatus = (client: ApiClient, params: Record<string, unknown>) => client.post('/users/me/status', params);
  const statusOf = async (client: ApiClient, userId: number): Promise<unknown> => expectSuccess(await client.get(`/users/${userId}/status`)).status;
  const section = async (client: ApiClient): Promise<Record<string, unknown>> =>
    (await registerQueue(client, { fetch_event_types: ['user_status'] })).state.user_status as Record<string, unknown>;
  const statusEvents = async (queue: Awaited<ReturnType<typeof registerQueue>>) => ofType(await drain(queue), 'user_status').map(({ id: _id, ...event }) => event);

  it('sets text and emoji: everyone hears the parts set, and reads them back', async function () {
    const bobQueue = await registerQueue(bob, { event_types: ['user_status'] });
    expect(expectSuccess(await setStatus(alice, { status_text: '  on vacation ', emoji_name: 'car' }))).to.deep.equal({ result: 'success', msg: '' });
    const full = { status_text: 'on vacation', emoji_name: 'car', emoji_code: '1f697', reaction_type: 'unicode_emoji' };
    expect(await statusEvents(bobQueue)).to.deep.equal([{ type: 'user_status', user_id: alice.userId, ...full }]);
    expect(await statusOf(bob, alice.userId)).to.deep.equal(full);
    expect((await section(bob))[String(alice.userId)]).to.deep.equal(full);
  });

  it('changes only the parts passed; an emoji may be named with its code and type', async function () {
    expectSuccess(await setStatus(alice, { status_text: 'in a meeting' }));
    expect(await statusOf(alice, alice.userId)).to.include({ status_text: 'in a meeting', emoji_name: 'car' });
    expectSuccess(await setStatus(alice, { emoji_name: 'octopus', emoji_code: '1f419', reaction_type: 'unicode_emoji' }));
    expect(await statusOf(alice, alice.userId)).to.deep.equal({ status_text: 'in a meeting', emoji_name: 'octopus', emoji_code: '1f419', reaction_type: 'unicode_emoji' });
  });

  it('an empty text or emoji name clears that part; a status with nothing left is gone from register', async function () {
    const queue = await registerQueue(bob, { event_types: ['user_status'] });
    expectSuccess(await setStatus(alice, { status_text: '', emoji_name: '' }));
    expect(await statusEvents(queue)).to.deep.equal([{ type: 'user_status', user_id: alice.userId, status_text: '', emoji_name: '', emoji_code: '', reaction_type: 'unicode_emoji' }]);
    expect(await statusOf(bob, alice.userId)).to.deep.equal({});
    expect(await section(bob)).to.not.have.property(String(alice.userId));
  });

  it('away is the legacy face of presence_enabled: set through status, shown in status and register', async function () {
    const queue = await registerQueue(bob, { event_types: ['user_status'] });
    expectSuccess(await setStatus(bob, { away: true }));
    expect(await statusEvents(queue)).to.deep.equal([{ type: 'user_status', user_id: bob.userId, away: true }]);
    expect((await registerQueue(bob, { fetch_event_types: ['user_settings'] })).state.user_settings).to.include({ presence_enabled: false });
    expect(await statusOf(alice, bob.userId)).to.deep.equal({ away: true });
    expect((await section(alice))[String(bob.userId)]).to.deep.equal({ away: true });
    expectSuccess(await bob.patch('/settings', { presence_enabled: true }));
    expect(await statusEvents(queue)).to.deep.equal([{ type: 'user_status', user_id: bob.userId, away: false }]);
    expect(await statusOf(alice, bob.userId)).to.deep.equal({});
  });

  it('setting what is already set records nothing', async function () {
    expectSuccess(await setStatus(alice, { status_text: 'busy' }));
    await expectNothingRecorded(server, () => setStatus(alice, { status_text: 'busy', away: false }), (res) => expectSuccess(res));
  });

  it('refuses no values, a long text, an emoji code without a name, and unknown emoji, recording nothing', async function () {
    const refused = async (params: Record<string, unknown>, msg: string) =>
      expectNothingRecorded(server, () => setStatus(alice, params), (res) => expectExactFailure(res, 'BAD_REQUEST', msg));
    await refused({}, 'Client did not pass any new values.');
    await refused({ status_text: 'x'.repeat(61) }, 'status_text is too long (limit: 60 characters)');
    await refused({ emoji_code: '1f697' }, 'Client must pass emoji_name if they pass either emoji_code or reaction_type.');
    await refused({ reaction_type: 'unicode_emoji' }, 'Client must pass emoji_name if they pass either emoji_code or reaction_type.');
    const res = await setStatus(alice, { emoji_name: 'no_such_emoji_here' });
    expect(res.status).to.equal(400);
    expect(res.body.msg).to.contain('no_such_emoji_here');
    expectSuccess(await setStatus(alice, { status_text: 'x'.repeat(60) }));
  });

  it("administrators set another user's status; others may not", async function () {
    expectSuccess(await admin.post(`/users/${bob.userId}/status`, { status_text: 'out sick', emoji_name: 'sick' }));
    expect(await statusOf(alice, bob.userId)).to.include({ status_text: 'out sick', emoji_name: 'sick' });
    expectExactFailure(await alice.post(`/users/${bob.userId}/status`, { status_text: 'hacked' }), 'BAD_REQUEST', 'Insufficient permission');
    expect(await statusOf(alice, bob.userId)).to.include({ status_text: 'out sick' });
    expectExactFailure(await admin.post(`/users/${bob.userId}/status`, {}), 'BAD_REQUEST', 'Client did not pass any new values.');
  });

  it('an unknown user has no status', async function () {
    expectExactFailure(await alice.get('/users/9999/status'), 'BAD_REQUEST', 'No such user');
    expectExactFailure(await admin.post('/users/9999/status', { status_text: 'x' }), 'BAD_REQUEST', 'No such user');
  });
});
