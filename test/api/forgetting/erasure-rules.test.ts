import { expect } from 'chai';
import { isSystemBot, Role } from '@chat/core';
import type { ApiClient } from '../../support/api-client.js';
import { expectReplayEqual } from '../../support/replay-equal.js';
import { expectBadRequest, expectFailure, expectSuccess } from '../../support/response-assertions.js';
import { startServerWith } from '../../support/server-with-people.js';
import type { TestServer } from '../../support/test-server.js';

/**
 * Who may erase whom (docs/topics/forgetting.md, "Erasure of a person"): an owner, a deactivated
 * person, once; every refusal names the parameter, and an erased person can no longer be changed.
 */
describe('erasure: the rules', function () {
  this.timeout(30_000);
  let server: TestServer;
  let admin: ApiClient;
  let member: ApiClient;
  let other: ApiClient;

  before(async () => {
    ({ server, admin, member, other } = await startServerWith('admin', 'member', 'other'));
    expectSuccess(await server.owner.delete(`/users/${member.userId}`));
  });
  after(() => server.stop());

  const erase = (as: ApiClient, userId: number | string, mode?: string) => as.post(`/erasure/users/${userId}`, mode === undefined ? {} : { mode });

  it('refuses anyone but an owner, an administrator too', async () => {
    expectFailure(await erase(admin, member.userId, 'with_messages'), 'UNAUTHORIZED_PRINCIPAL', 'Must be an organization owner to erase a user');
  });

  it('refuses an unknown id, a system bot and an active person, naming user_id', async () => {
    expectBadRequest(await erase(server.owner, 9999, 'with_messages'), "No such user: 'user_id' 9999");
    const bot = (await server.ctx.models.users.all()).find(isSystemBot);
    if (!bot) throw new Error('no system bot');
    expectBadRequest(await erase(server.owner, bot.user_id, 'with_messages'), `'user_id' ${bot.user_id}`);
    expectBadRequest(await erase(server.owner, other.userId, 'preserving_messages'), `Invalid 'user_id': user ${other.userId} is active`);
  });

  it('refuses a missing or unknown mode, naming it', async () => {
    expectFailure(await erase(server.owner, member.userId), 'REQUEST_VARIABLE_MISSING', "'mode'");
    expectBadRequest(await erase(server.owner, member.userId, 'everything'), "Invalid 'mode'");
  });

  it('erases a deactivated person once: they read as Deleted User N, and are no longer in the way of their address', async () => {
    const id = member.userId;
    const email = member.credentials!.email;
    expect(expectSuccess(await erase(server.owner, id, 'preserving_messages'))).to.deep.include({ deleted_message_ids: [], deleted_attachment_ids: [] });
    const user = expectSuccess(await server.owner.get(`/users/${id}`)).user as Record<string, unknown>;
    expect(user).to.include({ full_name: `Deleted User ${id}`, email: `deleteduser${id}@erased.invalid`, is_active: false, role: Role.Member, timezone: '' });
    expectBadRequest(await erase(server.owner, id, 'with_messages'), `Invalid 'user_id': user ${id} has already been erased`);
    // The address is free again: a new account may take it, and a replay (reading the erased one's as the placeholder) agrees.
    expectSuccess(await server.owner.post('/users', { email, password: 'a-new-password-1', full_name: 'Someone New' }));
    await expectReplayEqual(server);
  });

  it('refuses to change, reactivate or set the status of an erased person', async () => {
    const id = member.userId;
    expectBadRequest(await server.owner.patch(`/users/${id}`, { full_name: 'Back Again' }), `User ${id} has been erased`);
    expectBadRequest(await server.owner.post(`/users/${id}/reactivate`), `User ${id} has been erased`);
    expectBadRequest(await server.owner.post(`/users/${id}/status`, { status_text: 'hello' }), `User ${id} has been erased`);
  });
});
