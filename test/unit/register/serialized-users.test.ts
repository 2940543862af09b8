import { expect } from 'chai';
import { Role, type UserState } from '@chat/core';
import { userView } from '@chat/wire';
import { type SerializedUsers, serializeUsers, usersAsSeenBy } from '../../../services/api/src/register/sections/serialized-users.js';
import { aUser } from '../../support/user-state-factory.js';

const options = { realmHost: 'chat.example', clientGravatar: false, includeCustomProfileFields: true };
const users: UserState[] = [
  aUser({ user_id: 10, email: 'admin@example.com', role: Role.Administrator }),
  aUser({ user_id: 11, email: 'ann@example.com' }),
  aUser({ user_id: 12, email: 'gone@example.com', is_active: false }),
  aUser({ user_id: 13, email: 'bo@example.com' }),
];
const byId = new Map(users.map((user) => [user.user_id, user]));

/** The lists built afresh for `viewer`, record by record. */
function fresh(viewer: UserState): { active: unknown[]; inactive: unknown[] } {
  const views = (active: boolean) => users.filter((user) => user.is_active === active).map((user) => userView(user, viewer, options));
  return { active: views(true), inactive: views(false) };
}

/** A list's pieces (bytes of the shared list, records redone as text) read back as one text. */
const text = (parts: readonly (Buffer | string)[]): string => parts.map((part) => (typeof part === 'string' ? part : part.toString('utf8'))).join('');
const noPause = async (): Promise<void> => {};

describe('register: serialized user lists', () => {
  const madeFor = users[1];
  let serialized: SerializedUsers;

  before(async () => {
    serialized = await serializeUsers(users, madeFor, options, noPause);
  });

  it('gives the viewer they were made for the records as built for them', () => {
    const lists = usersAsSeenBy(serialized, madeFor, byId, options);
    expect({ active: JSON.parse(text(lists.active)), inactive: JSON.parse(text(lists.inactive)) }).to.deep.equal(fresh(madeFor));
  });

  for (const viewer of [users[3], users[2], users[0]]) {
    it(`gives user ${viewer.user_id} (another viewer of any list) exactly the records built for them`, () => {
      const lists = usersAsSeenBy(serialized, viewer, byId, options);
      expect({ active: JSON.parse(text(lists.active)), inactive: JSON.parse(text(lists.inactive)) }).to.deep.equal(fresh(viewer));
    });
  }

  it('empty lists stay valid JSON', async () => {
    const onlyActive = await serializeUsers([users[1]], madeFor, options, noPause);
    expect(JSON.parse(text(usersAsSeenBy(onlyActive, users[3], byId, options).inactive))).to.deep.equal([]);
  });

  it('cuts records out by their bytes, also where names hold characters of several bytes', async () => {
    const named = users.map((user, i) => ({ ...user, full_name: ['Zoë', 'Łukasz 🌍', 'Ærø', '日本'][i] }));
    const namedById = new Map(named.map((user) => [user.user_id, user]));
    const lists = await serializeUsers(named, named[1], options, noPause);
    const seen = usersAsSeenBy(lists, named[3], namedById, options);
    const expected = named.filter((user) => user.is_active).map((user) => userView(user, named[3], options));
    expect(JSON.parse(text(seen.active))).to.deep.equal(expected);
  });

  it('lets other work run while it serializes', async () => {
    let pauses = 0;
    await serializeUsers(users, madeFor, options, async () => {
      pauses++;
    });
    expect(pauses).to.equal(users.length);
  });
});
