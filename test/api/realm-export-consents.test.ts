import { expect } from 'chai';
import type { ApiClient } from '../support/api-client.js';
import { expectFailure, expectSuccess } from '../support/response-assertions.js';
import { drain, ofType, registerQueue } from '../support/realtime-client.js';
import { startServerWith } from '../support/server-with-people.js';
import type { TestServer } from '../support/test-server.js';

describe('GET /export/realm/consents', () => {
  let server: TestServer, admin: ApiClient, member: ApiClient, other: ApiClient;

  const consents = async (client: ApiClient): Promise<{ user_id: number; consented: boolean }[]> =>
    expectSuccess(await client.get('/export/realm/consents')).export_consents as { user_id: number; consented: boolean }[];

  before(async () => {
    ({ server, admin, member, other } = await startServerWith('admin', 'member', 'other'));
  });
  after(() => server.stop());

  it("lists every active human user's consent (off by default), following PATCH /settings, with the settings event", async () => {
    const before = await consents(admin);
    expect(before.map((each) => each.user_id)).to.deep.equal([server.owner.userId, admin.userId, member.userId, other.userId].sort((a, b) => a - b));
    expect(before.every((each) => !each.consented)).to.equal(true);
    const queue = await registerQueue(member, { event_types: ['user_settings'] });
    expect((queue.state.user_settings as Record<string, unknown>).allow_private_data_export).to.equal(false);
    expectSuccess(await member.patch('/settings', { allow_private_data_export: true }));
    const [event] = ofType(await drain(queue), 'user_settings', 'update');
    expect(event).to.include({ property: 'allow_private_data_export', value: true });
    expect((await consents(server.owner)).find((each) => each.user_id === member.userId)).to.deep.equal({ user_id: member.userId, consented: true });
  });

  it('leaves deactivated users and bots out', async () => {
    expectSuccess(await admin.delete(`/users/${other.userId}`));
    const listed = (await consents(admin)).map((each) => each.user_id);
    expect(listed).to.not.include(other.userId);
    const bots = (await server.ctx.models.users.all()).filter((user) => user.is_bot).map((user) => user.user_id);
    expect(bots.length).to.be.greaterThan(0);
    for (const bot of bots) expect(listed).to.not.include(bot);
  });

  it('is for administrators: a member is refused', async () => {
    expectFailure(await member.get('/export/realm/consents'), 'UNAUTHORIZED_PRINCIPAL', 'Must be an organization administrator');
  });
});
