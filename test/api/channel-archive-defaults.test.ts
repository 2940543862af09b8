import { expect } from 'chai';
import type { ApiClient, ApiResponse } from '../support/api-client.js';
import { createChannels, expectNothingRecorded, logRowCount, mySubscriptions } from '../support/channel-requests.js';
import { registerQueue } from '../support/realtime-client.js';
import { expectExactFailure, expectSuccess } from '../support/response-assertions.js';
import { startServerWith } from '../support/server-with-people.js';
import type { TestServer } from '../support/test-server.js';

describe('channels API: archiving and default channels', function () {
  let server: TestServer, admin: ApiClient, member: ApiClient, guest: ApiClient;

  before(async function () {
    ({ server, admin, member, guest } = await startServerWith('admin', 'member', 'guest'));
  });
  after(() => server.stop());

  const refused = (request: () => Promise<ApiResponse>, msg: string, code = 'BAD_REQUEST'): Promise<void> =>
    expectNothingRecorded(server, request, (res) => expectExactFailure(res, code, msg));

  const defaults = async (client: ApiClient): Promise<number[]> =>
    (await registerQueue(client, { fetch_event_types: ['default_streams'] })).state.realm_default_streams as number[];

  it('DELETE /streams/{id} archives a channel once', async function () {
    const [id] = await createChannels(member, ['to-archive']);
    expectSuccess(await admin.delete(`/streams/${id}`));
    expect(expectSuccess(await member.get(`/streams/${id}`)).stream).to.include({ is_archived: true });
    const listed = expectSuccess(await member.get('/streams')).streams as { stream_id: number }[];
    expect(listed.map((each) => each.stream_id)).to.not.include(id);
    expect((await mySubscriptions(member)).map((sub) => sub.stream_id)).to.not.include(id);
    await refused(() => admin.delete(`/streams/${id}`), 'Channel is already archived');
    await refused(() => admin.delete('/streams/99999'), 'Invalid channel ID');
  });

  it('subscribing to an archived channel is refused, for administrators too, or listed as unauthorized', async function () {
    const [id] = await createChannels(member, ['archived-lounge']);
    expectSuccess(await admin.delete(`/streams/${id}`));
    const subscribe = (client: ApiClient, extra: Record<string, unknown> = {}) =>
      client.post('/users/me/subscriptions', { subscriptions: JSON.stringify([{ name: 'archived-lounge' }]), ...extra });
    await refused(() => subscribe(admin), 'Unable to access channel (archived-lounge).');
    await refused(() => subscribe(admin, { principals: JSON.stringify([member.userId]) }), 'Unable to access channel (archived-lounge).');
    const rows = logRowCount(server);
    expect(expectSuccess(await subscribe(admin, { authorization_errors_fatal: 'false' }))).to.deep.include({
      subscribed: {}, already_subscribed: {}, unauthorized: ['archived-lounge'],
    });
    expect(logRowCount(server)).to.equal(rows);
    expect((await mySubscriptions(admin)).map((sub) => sub.stream_id)).to.not.include(id);
  });

  it('POST and DELETE /default_streams add and remove a default channel, which new users join', async function () {
    const [id] = await createChannels(admin, ['welcome']);
    expect(expectSuccess(await admin.post('/default_streams', { stream_id: id }))).to.deep.equal({ result: 'success', msg: '' });
    expect(await defaults(member)).to.include(id);
    expect(await defaults(guest)).to.deep.equal([]);
    const newcomer = await server.createUser('Nia Newcomer');
    expect((await mySubscriptions(newcomer)).map((sub) => sub.stream_id)).to.include(id);
    const rows = logRowCount(server);
    expectSuccess(await admin.post('/default_streams', { stream_id: id }));
    expect(logRowCount(server)).to.equal(rows);
    expectSuccess(await admin.delete('/default_streams', { stream_id: id }));
    expect(await defaults(member)).to.not.include(id);
  });

  it('refuses private channels, non-administrators, unknown channels and a missing stream_id', async function () {
    const [secret] = await createChannels(admin, ['no-default-secret'], { invite_only: true });
    const [open] = await createChannels(member, ['no-default-open']);
    await refused(() => admin.post('/default_streams', { stream_id: secret }), 'Private channels cannot be made default.');
    await refused(() => member.post('/default_streams', { stream_id: open }), 'Must be an organization administrator', 'UNAUTHORIZED_PRINCIPAL');
    await refused(() => member.delete('/default_streams', { stream_id: open }), 'Must be an organization administrator', 'UNAUTHORIZED_PRINCIPAL');
    await refused(() => admin.post('/default_streams', { stream_id: 99999 }), 'Invalid channel ID');
    await refused(() => admin.post('/default_streams', {}), "Missing 'stream_id' argument", 'REQUEST_VARIABLE_MISSING');
    await refused(() => admin.post('/default_streams', { stream_id: 'lobby' }), "Argument 'stream_id' is not valid JSON.");
  });

  it('an archived default channel stops being a default channel, and stays so when unarchived', async function () {
    const [id] = await createChannels(admin, ['archived-default']);
    expectSuccess(await admin.post('/default_streams', { stream_id: id }));
    expectSuccess(await admin.delete(`/streams/${id}`));
    expect(await defaults(member)).to.not.include(id);
    await refused(() => admin.post('/default_streams', { stream_id: id }), 'Archived channels cannot be made default.');
    expectSuccess(await admin.patch(`/streams/${id}`, { is_archived: false }));
    expect(await defaults(member)).to.not.include(id);
    expect((await mySubscriptions(admin)).map((sub) => sub.stream_id)).to.include(id);
  });
});
