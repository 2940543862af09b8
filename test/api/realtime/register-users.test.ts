import { expect } from 'chai';
import type { ApiClient } from '../../support/api-client.js';
import { expectSuccess } from '../../support/response-assertions.js';
import { startServerWith } from '../../support/server-with-people.js';
import type { TestServer } from '../../support/test-server.js';

interface UserRecord {
  user_id: number;
  full_name: string;
  delivery_email: string | null;
}

/** The realm_users section as `client` receives it, by user id. */
async function realmUsers(client: ApiClient): Promise<Map<number, UserRecord>> {
  const res = await client.post('/register', { fetch_event_types: JSON.stringify(['realm_user']) });
  expectSuccess(res);
  const users = res.body.realm_users as UserRecord[];
  return new Map(users.map((user) => [user.user_id, user]));
}

/**
 * The user list is serialized once per organization version, role and avatar choice and shared:
 * each viewer must still see their own address, only the addresses their role may see, and changes
 * made since the list was serialized.
 */
describe('POST /register: the shared user list, as each viewer sees it', function () {
  let server: TestServer, alice: ApiClient, bob: ApiClient, admin: ApiClient;

  before(async function () {
    ({ server, alice, bob, admin } = await startServerWith('alice', 'bob', 'admin'));
    // Both members hide their addresses from everyone below administrator.
    expectSuccess(await alice.patch('/settings', { email_address_visibility: 3 }));
    expectSuccess(await bob.patch('/settings', { email_address_visibility: 3 }));
  });
  after(() => server.stop());

  it('shows each member their own address and not the other’s, whichever of them registered first', async function () {
    for (const [first, second] of [
      [alice, bob],
      [bob, alice],
    ]) {
      const seenByFirst = await realmUsers(first);
      const seenBySecond = await realmUsers(second);
      expect(seenByFirst.get(first.userId)?.delivery_email).to.equal(first.email);
      expect(seenByFirst.get(second.userId)?.delivery_email).to.equal(null);
      expect(seenBySecond.get(second.userId)?.delivery_email).to.equal(second.email);
      expect(seenBySecond.get(first.userId)?.delivery_email).to.equal(null);
    }
  });

  it('shows an administrator both addresses', async function () {
    const seen = await realmUsers(admin);
    expect(seen.get(alice.userId)?.delivery_email).to.equal(alice.email);
    expect(seen.get(bob.userId)?.delivery_email).to.equal(bob.email);
  });

  it('follows a change made after the list was serialized', async function () {
    await realmUsers(bob);
    expectSuccess(await alice.patch('/settings', { full_name: 'Alice Renamed' }));
    expect((await realmUsers(bob)).get(alice.userId)?.full_name).to.equal('Alice Renamed');
    expect((await realmUsers(alice)).get(alice.userId)?.full_name).to.equal('Alice Renamed');
  });
});
