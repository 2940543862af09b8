import { expect } from 'chai';
import type { ApiClient } from '../support/api-client.js';
import { createChannels, logRowCount } from '../support/channel-requests.js';
import { expectSuccess } from '../support/response-assertions.js';
import { startServerWith } from '../support/server-with-people.js';
import type { TestServer } from '../support/test-server.js';

interface RoleCase {
  label: string;
  client: () => ApiClient;
  /** The msg a refused request answers with; null when the role may administer the channel. */
  refusal: string | null;
}

const NOT_ADMIN = 'You do not have permission to administer this channel.';

describe('channels API: who may change and archive a channel', function () {
  let server: TestServer, admin: ApiClient, moderator: ApiClient, member: ApiClient, guest: ApiClient, keeper: ApiClient;

  before(async function () {
    ({ server, admin, moderator, member, guest, keeper } = await startServerWith('admin', 'moderator', 'member', 'guest', 'keeper'));
  });
  after(() => server.stop());

  const ROLES: RoleCase[] = [
    { label: 'the owner', client: () => server.owner, refusal: null },
    { label: 'an administrator', client: () => admin, refusal: null },
    { label: 'a member in can_administer_channel_group', client: () => keeper, refusal: null },
    { label: 'a moderator', client: () => moderator, refusal: NOT_ADMIN },
    { label: 'a member', client: () => member, refusal: NOT_ADMIN },
    // Guests do not see public channels they are not subscribed to.
    { label: 'a guest', client: () => guest, refusal: 'Invalid channel ID' },
  ];

  /** A public channel the owner created and made `keeper` administer. */
  async function keptChannel(name: string): Promise<number> {
    const [id] = await createChannels(server.owner, [name]);
    expectSuccess(await server.owner.patch(`/streams/${id}`, { can_administer_channel_group: { new: { direct_members: [keeper.userId], direct_subgroups: [] } } }));
    return id;
  }

  for (const [index, role] of ROLES.entries()) {
    it(`${role.label} ${role.refusal ? 'may not' : 'may'} change and archive a channel`, async function () {
      const id = await keptChannel(`kept-${index}`);
      const client = role.client();
      const rows = logRowCount(server);
      const changed = await client.patch(`/streams/${id}`, { description: 'Mine now' });
      const archived = await client.delete(`/streams/${id}`);
      if (role.refusal === null) {
        expectSuccess(changed);
        expectSuccess(archived);
        expect(expectSuccess(await server.owner.get(`/streams/${id}`)).stream).to.include({ description: 'Mine now', is_archived: true });
        return;
      }
      for (const res of [changed, archived]) {
        expect(res.status, JSON.stringify(res.body)).to.equal(400);
        expect(res.body).to.include({ result: 'error', code: 'BAD_REQUEST', msg: role.refusal });
      }
      expect(logRowCount(server)).to.equal(rows);
    });
  }

  it('a channel administrator who is not an organization administrator may not change default channels', async function () {
    const id = await keptChannel('kept-default');
    const res = await keeper.patch(`/streams/${id}`, { is_default_stream: true });
    expect(res.status).to.equal(400);
    expect(res.body).to.include({ code: 'UNAUTHORIZED_PRINCIPAL', msg: 'Must be an organization administrator' });
  });

  it('a private channel does not exist for those who cannot see it, and an unknown id for anyone', async function () {
    const [id] = await createChannels(server.owner, ['hidden'], { invite_only: true });
    for (const [client, path] of [[member, `/streams/${id}`], [moderator, `/streams/${id}`], [admin, '/streams/99999']] as const) {
      for (const res of [await client.patch(path, { description: 'x' }), await client.delete(path)]) {
        expect(res.status).to.equal(400);
        expect(res.body).to.include({ code: 'BAD_REQUEST', msg: 'Invalid channel ID' });
      }
    }
    // Organization administrators administer every channel, private ones included.
    expectSuccess(await admin.patch(`/streams/${id}`, { description: 'Seen by admins' }));
  });

  it('a subscriber of a private channel who does not administer it sees it but may not change it', async function () {
    const [id] = await createChannels(server.owner, ['hidden-but-joined'], { invite_only: true, principals: [member.userId] });
    expect(expectSuccess(await member.get(`/streams/${id}`)).stream).to.include({ name: 'hidden-but-joined' });
    const res = await member.patch(`/streams/${id}`, { description: 'x' });
    expect(res.body).to.include({ code: 'BAD_REQUEST', msg: NOT_ADMIN });
  });
});
