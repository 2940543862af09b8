import { expect } from 'chai';
import { Role } from '@chat/core';
import type { ApiClient, ApiResponse } from '../support/api-client.js';
import { createChannels, expectOk, logRowCount, mySubscriptions } from '../support/channel-requests.js';
import { registerQueue } from '../support/realtime-client.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

describe('channels API: archiving and default channels', function () {
  let server: TestServer;
  let admin: ApiClient;
  let member: ApiClient;
  let guest: ApiClient;

  before(async function () {
    server = await startTestServer();
    admin = await server.createUser('Ada Admin', Role.Administrator);
    member = await server.createUser('Mia Member');
    guest = await server.createUser('Gus Guest', Role.Guest);
  });
  after(() => server.stop());

  async function refused(request: () => Promise<ApiResponse>, msg: string, code = 'BAD_REQUEST'): Promise<void> {
    const rows = logRowCount(server);
    const res = await request();
    expect(res.status, JSON.stringify(res.body)).to.equal(400);
    expect(res.body).to.include({ result: 'error', code, msg });
    expect(logRowCount(server)).to.equal(rows);
  }

  const defaults = async (client: ApiClient): Promise<number[]> =>
    (await registerQueue(client, { fetch_event_types: ['default_streams'] })).state.realm_default_streams as number[];

  it('DELETE /streams/{id} archives a channel once', async function () {
    const [id] = await createChannels(member, ['to-archive']);
    expectOk(await admin.delete(`/streams/${id}`));
    expect(expectOk(await member.get(`/streams/${id}`)).stream).to.include({ is_archived: true });
    const listed = expectOk(await member.get('/streams')).streams as { stream_id: number }[];
    expect(listed.map((each) => each.stream_id)).to.not.include(id);
    expect((await mySubscriptions(member)).map((sub) => sub.stream_id)).to.not.include(id);
    await refused(() => admin.delete(`/streams/${id}`), 'Channel is already archived');
    await refused(() => admin.delete('/streams/99999'), 'Invalid channel ID');
  });

  it('POST and DELETE /default_streams add and remove a default channel, which new users join', async function () {
    const [id] = await createChannels(admin, ['welcome']);
    expect(expectOk(await admin.post('/default_streams', { stream_id: id }))).to.deep.equal({ result: 'success', msg: '' });
    expect(await defaults(member)).to.include(id);
    expect(await defaults(guest)).to.deep.equal([]);
    const newcomer = await server.createUser('Nia Newcomer');
    expect((await mySubscriptions(newcomer)).map((sub) => sub.stream_id)).to.include(id);
    const rows = logRowCount(server);
    expectOk(await admin.post('/default_streams', { stream_id: id }));
    expect(logRowCount(server)).to.equal(rows);
    expectOk(await admin.delete('/default_streams', { stream_id: id }));
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
    expectOk(await admin.post('/default_streams', { stream_id: id }));
    expectOk(await admin.delete(`/streams/${id}`));
    expect(await defaults(member)).to.not.include(id);
    await refused(() => admin.post('/default_streams', { stream_id: id }), 'Archived channels cannot be made default.');
    expectOk(await admin.patch(`/streams/${id}`, { is_archived: false }));
    expect(await defaults(member)).to.not.include(id);
    expect((await mySubscriptions(admin)).map((sub) => sub.stream_id)).to.include(id);
  });
});
