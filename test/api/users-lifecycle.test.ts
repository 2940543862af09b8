import { expect } from 'chai';
import { objectsField } from '../support/json-fields.js';
import { expectExactFailure, expectSuccess } from '../support/response-assertions.js';
import { startServerWith } from '../support/server-with-people.js';
import type { TestServer } from '../support/test-server.js';
import type { ApiClient } from '../support/api-client.js';
import { loggedEvents } from '../support/upload-requests.js';

describe('Users: deactivating, leaving and reactivating', () => {
  let server: TestServer, admin: ApiClient, moderator: ApiClient, member: ApiClient, other: ApiClient, alice: ApiClient;

  before(async () => {
    ({ server, admin, moderator, member, other, alice } = await startServerWith('admin', 'moderator', 'member', 'other', 'alice'));
  });
  after(() => server.stop());

  const listed = async (params: Record<string, unknown> = {}) => objectsField(expectSuccess(await server.owner.get('/users', params)), 'members');

  it('an administrator deactivates a member: is_active false in GET /users, left out with include_deactivated_users=false', async () => {
    expectSuccess(await admin.delete(`/users/${member.userId}`));
    expect((await listed()).find((user) => user.user_id === member.userId)).to.include({ is_active: false, full_name: 'Mia Member' });
    expect((await listed({ include_deactivated_users: false })).map((user) => user.user_id)).to.not.include(member.userId);
    expect(expectSuccess(await server.owner.get(`/users/${member.userId}`)).user).to.include({ is_active: false });
    expect(loggedEvents(server, 'UserDeactivated').at(-1)?.data).to.deep.equal({ user_id: member.userId, notification_comment: null, owner_id: null });
  });

  it('deactivating again answers "User is deactivated"; reactivating an active user "User is already active"', async () => {
    expectExactFailure(await admin.delete(`/users/${member.userId}`), 'BAD_REQUEST', 'User is deactivated');
    expectExactFailure(await admin.post(`/users/${other.userId}/reactivate`), 'BAD_REQUEST', 'User is already active');
  });

  it('only administrators deactivate or reactivate', async () => {
    expectExactFailure(await moderator.delete(`/users/${other.userId}`), 'UNAUTHORIZED_PRINCIPAL', 'Must be an organization administrator');
    expectExactFailure(await moderator.post(`/users/${member.userId}/reactivate`), 'UNAUTHORIZED_PRINCIPAL', 'Must be an organization administrator');
  });

  it('an unknown user, a system bot, or a malformed id is refused', async () => {
    expectExactFailure(await admin.delete('/users/9999'), 'BAD_REQUEST', 'No such user');
    expectExactFailure(await admin.post('/users/9999/reactivate'), 'BAD_REQUEST', 'No such user');
    const bots = objectsField(expectSuccess(await server.owner.post('/register', { fetch_event_types: ['realm_user'] })), 'cross_realm_bots');
    expectExactFailure(await admin.delete(`/users/${bots[0].user_id as number}`), 'BAD_REQUEST', 'No such user');
    const malformed = await admin.delete('/users/abc');
    expect(malformed.status).to.equal(400);
    expect(malformed.body.msg).to.contain('user');
  });

  it('an administrator cannot deactivate an owner; an owner can, but never the only owner', async () => {
    expectExactFailure(await admin.delete(`/users/${server.owner.userId}`), 'UNAUTHORIZED_PRINCIPAL', 'Must be an organization owner');
    expectExactFailure(await server.owner.delete(`/users/${server.owner.userId}`), 'BAD_REQUEST', 'Cannot deactivate the only organization owner');
    expectSuccess(await server.owner.patch(`/users/${alice.userId}`, { role: 100 }));
    expectSuccess(await server.owner.delete(`/users/${alice.userId}`));
    expectExactFailure(await server.owner.delete(`/users/${server.owner.userId}`), 'BAD_REQUEST', 'Cannot deactivate the only organization owner');
    expectSuccess(await server.owner.post(`/users/${alice.userId}/reactivate`));
    expectSuccess(await server.owner.patch(`/users/${alice.userId}`, { role: 400 }));
  });

  it('the only owner cannot leave: CANNOT_DEACTIVATE_LAST_USER with entity and is_last_owner', async () => {
    expectExactFailure(await server.owner.delete('/users/me'), 'CANNOT_DEACTIVATE_LAST_USER', 'Cannot deactivate the only organization owner');
    expect((await server.owner.delete('/users/me')).body).to.include({ entity: 'organization owner', is_last_owner: true });
  });

  it('a notification comment mails the user, with the note', async () => {
    const before = server.mailer.sent.length;
    expectSuccess(await admin.delete(`/users/${other.userId}`, { deactivation_notification_comment: '  Thanks for everything  ' }));
    const mail = server.mailer.sent.slice(before);
    expect(mail).to.have.length(1);
    expect(mail[0].to).to.equal(other.email);
    expect(mail[0].body).to.contain('Thanks for everything');
    expect(loggedEvents(server, 'UserDeactivated').at(-1)?.data).to.include({ notification_comment: 'Thanks for everything' });
    const tooLong = await admin.delete(`/users/${moderator.userId}`, { deactivation_notification_comment: 'x'.repeat(2001) });
    expect(tooLong.status).to.equal(400);
    expect(tooLong.body.msg).to.contain("'deactivation_notification_comment'");
    expectSuccess(await admin.post(`/users/${other.userId}/reactivate`));
  });

  it('without a comment nobody is mailed', async () => {
    const before = server.mailer.sent.length;
    expectSuccess(await admin.delete(`/users/${other.userId}`));
    expect(server.mailer.sent.length).to.equal(before);
    expectSuccess(await admin.post(`/users/${other.userId}/reactivate`));
  });

  it('a user leaves with DELETE /users/me, and their key stops working at once', async () => {
    expectSuccess(await alice.delete('/users/me'));
    const refused = await alice.get('/users/me');
    expect(refused.status).to.equal(401);
    expect(refused.body).to.include({ result: 'error', code: 'USER_DEACTIVATED' });
  });

  it('reactivation restores the same id and record', async () => {
    expectSuccess(await admin.post(`/users/${member.userId}/reactivate`));
    const me = expectSuccess(await member.get('/users/me'));
    expect(me).to.include({ user_id: member.userId, is_active: true, full_name: 'Mia Member' });
    expect(loggedEvents(server, 'UserReactivated').map((event) => event.data.user_id)).to.include(member.userId);
  });
});
