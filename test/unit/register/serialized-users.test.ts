import { expect } from 'chai';
import { Role, type UserState } from '@chat/core';
import { userView } from '@chat/wire';
import { serializeUsers, usersAsSeenBy } from '../../../services/api/src/register/sections/serialized-users.js';
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

describe('register: serialized user lists', () => {
  const madeFor = users[1];
  const serialized = serializeUsers(users, madeFor, options);

  it('gives the viewer they were made for the records as built for them', () => {
    const lists = usersAsSeenBy(serialized, madeFor, byId, options);
    expect({ active: JSON.parse(lists.active.join('')), inactive: JSON.parse(lists.inactive.join('')) }).to.deep.equal(fresh(madeFor));
  });

  for (const viewer of [users[3], users[2], users[0]]) {
    it(`gives user ${viewer.user_id} (another viewer of any list) exactly the records built for them`, () => {
      const lists = usersAsSeenBy(serialized, viewer, byId, options);
      expect({ active: JSON.parse(lists.active.join('')), inactive: JSON.parse(lists.inactive.join('')) }).to.deep.equal(fresh(viewer));
    });
  }

  it('empty lists stay valid JSON', () => {
    const onlyActive = serializeUsers([users[1]], madeFor, options);
    expect(JSON.parse(usersAsSeenBy(onlyActive, users[3], byId, options).inactive.join(''))).to.deep.equal([]);
  });
});
