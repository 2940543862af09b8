import { expect } from 'chai';
import { erasedEmail, erasedFullName, Role } from '@chat/core';
import type { ApiClient } from '../../support/api-client.js';
import { trail } from '../../support/audit-requests.js';
import { runEvents } from '../../support/cli-run.js';
import { expectSuccess } from '../../support/response-assertions.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';

/**
 * The audit trail after an erasure (docs/topics/forgetting.md): the person's entries stay (ids, who,
 * when, which kinds), and every value of theirs reads as its placeholder, through the API and the CLI
 * alike; the name and address they had never come back, not even as a "before".
 */
describe('GET /audit/trail after an erasure', function () {
  let server: TestServer;
  let cora: ApiClient;
  const forgotten = ['Cora Quillfeather', 'Cora Q. Renamed', 'cora.quillfeather'];

  const expectNothingForgotten = (text: string): void => {
    for (const value of forgotten) expect(text, value).to.not.contain(value);
  };

  before(async function () {
    server = await startTestServer();
    cora = await server.createUser('Cora Quillfeather');
    expectSuccess(await server.owner.patch(`/users/${cora.userId}`, { full_name: 'Cora Q. Renamed' }));
    expectSuccess(await server.owner.patch(`/users/${cora.userId}`, { role: Role.Administrator }));
    // Asked before the erasure: whatever the history kept from this answer must not outlive it.
    const before = await trail(server.owner, { user_id: cora.userId });
    expect(JSON.stringify(before.entries)).to.contain('Cora Q. Renamed');
    expectSuccess(await server.owner.delete(`/users/${cora.userId}`));
    expectSuccess(await server.owner.post(`/erasure/users/${cora.userId}`, { mode: 'preserving_messages' }));
  });
  after(() => server.stop());

  it('keeps every entry about the person, the erasure last, with their values as placeholders', async function () {
    const { entries } = await trail(server.owner, { user_id: cora.userId });
    expect(entries.map((entry) => entry.type)).to.deep.equal(['UserCreated', 'UserRenamed', 'UserRoleChanged', 'UserDeactivated', 'UserErased']);
    expect(entries.at(-1)).to.deep.include({ kinds: ['user_erased'] });
    expectNothingForgotten(JSON.stringify(entries));
    const created = entries[0].changes as { field: string; after: unknown }[];
    expect(created.find((change) => change.field === 'full_name')?.after).to.equal(erasedFullName(cora.userId));
    expect(created.find((change) => change.field === 'email')?.after).to.equal(erasedEmail(cora.userId));
    // A rename of an erased person changes nothing that can still be read: both sides are the placeholder.
    expect((entries[1].changes as { field: string }[]).map((change) => change.field)).to.not.include('full_name');
    const role = entries[2].changes as { field: string; before: unknown; after: unknown }[];
    expect(role).to.deep.include({ model: 'user', id: String(cora.userId), field: 'role', before: Role.Member, after: Role.Administrator });
  });

  it('gives the operator the same placeholders on the command line', async function () {
    const run = await runEvents(['audit', 'trail', '--data-dir', server.dataDir, '--user', String(cora.userId), '--json']);
    expect(run.code, run.stderr).to.equal(0);
    expectNothingForgotten(run.stdout);
    expect(run.stdout).to.contain(erasedFullName(cora.userId));
    const text = await runEvents(['audit', 'trail', '--data-dir', server.dataDir, '--user', String(cora.userId)]);
    expectNothingForgotten(text.stdout);
    expect(text.stdout).to.contain('UserErased [user_erased]');
  });
});
