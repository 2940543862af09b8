import { expect } from 'chai';
import { ApiClient } from '../support/api-client.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

describe('a restart rebuilds every read model from the log', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.stop());

  it('keeps users, roles, names, profile data and settings, and the same API keys work', async () => {
    const ann = await server.createUser('Ann');
    await server.owner.patch(`/users/${ann.userId}`, { role: 300, full_name: 'Ann Moderator' });
    const field = await server.owner.post('/realm/profile_fields', { name: 'Team', field_type: 1 });
    await server.owner.patch(`/users/${ann.userId}`, { profile_data: [{ id: field.body.id, value: 'Core' }] });
    await ann.patch('/settings', { color_scheme: 2, timezone: 'Asia/Tokyo', enable_sounds: false });
    const before = await server.owner.get('/users', { include_custom_profile_fields: true });

    server = await server.restart();
    const owner = server.owner;
    const after = await owner.get('/users', { include_custom_profile_fields: true });
    expect(after.body.members).to.deep.equal(before.body.members);
    const again = await new ApiClient(server.url, ann.credentials).get('/users/me');
    expect(again.status).to.equal(200);
    expect(again.body).to.include({ full_name: 'Ann Moderator', role: 300, timezone: 'Asia/Tokyo' });
    const settings = (await server.ctx.models.users.get(ann.userId))!.settings;
    expect(settings).to.include({ color_scheme: 2, timezone: 'Asia/Tokyo', enable_sounds: false });
  });
});
