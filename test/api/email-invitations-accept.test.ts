import { createHash } from 'node:crypto';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { expect } from 'chai';
import { Role } from '@chat/core';
import type { ApiClient } from '../support/api-client.js';
import { createChannels } from '../support/channel-requests.js';
import { acceptLink, listInvites, newcomer } from '../support/invite-requests.js';
import { expectBadRequest, expectSuccess } from '../support/response-assertions.js';
import { startServerWith } from '../support/server-with-people.js';
import type { TestServer } from '../support/test-server.js';

describe('email invitations: accepting', () => {
  let server: TestServer, admin: ApiClient, lobby: number, projects: number, team: number;

  const invite = async (email: string, params: Record<string, unknown> = {}): Promise<string> => {
    expectSuccess(await admin.post('/invites', { invitee_emails: email, stream_ids: [], ...params }));
    const mail = server.mailer.sent.filter((each) => each.to === email).at(-1)!;
    return /\/join\/([A-Za-z0-9_-]{24,})\//.exec(mail.body)![1];
  };
  const channelsOf = async (client: ApiClient): Promise<number[]> =>
    (expectSuccess(await client.get('/users/me/subscriptions')).subscriptions as { stream_id: number }[]).map((sub) => sub.stream_id).sort((a, b) => a - b);

  before(async () => {
    ({ server, admin } = await startServerWith('admin'));
    [lobby] = await createChannels(server.owner, ['Lobby'], { is_default_stream: true });
    [projects] = await createChannels(server.owner, ['Projects']);
    team = expectSuccess(await admin.post('/user_groups/create', { name: 'Crew', description: '', members: [] })).group_id as number;
  });
  after(() => server.stop());

  it("creates the account with the invitation's role, channels, groups and default channels, once", async () => {
    const email = 'gil@joiners.example';
    const key = await invite(email, { invite_as: Role.Moderator, stream_ids: [projects], group_ids: [team], include_realm_default_subscriptions: true });
    const person = { ...newcomer('Gil'), email };
    const joined = expectSuccess(await acceptLink(server, key, { ...person, email: 'GIL@joiners.example' }));
    const client = await server.anonymous.login(email, person.password);
    expect(client.userId).to.equal(joined.user_id);
    expect(expectSuccess(await admin.get(`/users/${client.userId}`)).user).to.include({ role: Role.Moderator, full_name: 'Gil' });
    expect(await channelsOf(client)).to.deep.equal([lobby, projects].sort((a, b) => a - b));
    expect(expectSuccess(await admin.get(`/user_groups/${team}/members`)).members).to.include(client.userId);
    expect((await listInvites(admin)).map((each) => (each as unknown as { email?: string }).email)).to.not.include(email);
    expectBadRequest(await acceptLink(server, key, { ...newcomer('Gil again'), email }), 'Invalid or expired invitation link');
  });

  it('only for the address it was sent to, and without default channels unless it says so', async () => {
    const email = 'hal@joiners.example';
    const key = await invite(email);
    expectBadRequest(await acceptLink(server, key, newcomer('Impostor')), 'Invalid or expired invitation link');
    const person = { ...newcomer('Hal'), email };
    expectSuccess(await acceptLink(server, key, person));
    expect(await channelsOf(await server.anonymous.login(email, person.password))).to.deep.equal([]);
  });

  it('keeps keys out of the log: only their digests are recorded', async () => {
    const key = await invite('ivy@joiners.example');
    const db = new Database(join(server.dataDir, 'events.sqlite3'), { readonly: true });
    const rows = db.prepare('SELECT data FROM events').all() as { data: string }[];
    db.close();
    expect(rows.some((row) => row.data.includes(key))).to.equal(false);
    expect(rows.some((row) => row.data.includes(createHash('sha256').update(key).digest('hex')))).to.equal(true);
  });
});
