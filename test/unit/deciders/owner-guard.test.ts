import { expect } from 'chai';
import { decideRotateApiKey, ownersChanged, Role, type RoleValue, type UserEvent } from '@chat/core';
import { aMember } from '../../support/user-state-factory.js';

const roleChange = (user_id: number, role: RoleValue, previous_role: RoleValue): UserEvent => ({ type: 'UserRoleChanged', data: { user_id, role, previous_role } });
const renamed: UserEvent = { type: 'UserRenamed', data: { user_id: 1, full_name: 'New' } };

describe('ownersChanged: the guard event of a decision about users', function () {
  it('names the owners left when an owner is demoted', function () {
    expect(ownersChanged([1, 2], [roleChange(2, Role.Administrator, Role.Owner)])).to.deep.equal({ type: 'OwnersChanged', data: { owner_ids: [1] } });
  });

  it('names the owners, ascending, when someone becomes one', function () {
    expect(ownersChanged([9], [roleChange(4, Role.Owner, Role.Member)])).to.deep.equal({ type: 'OwnersChanged', data: { owner_ids: [4, 9] } });
  });

  it('drops a deactivated owner and adds back a reactivated one', function () {
    const deactivated: UserEvent = { type: 'UserDeactivated', data: { user_id: 2, notification_comment: null, owner_id: null } };
    expect(ownersChanged([1, 2], [deactivated])).to.deep.equal({ type: 'OwnersChanged', data: { owner_ids: [1] } });
    const reactivated: UserEvent = { type: 'UserReactivated', data: { user_id: 2 } };
    expect(ownersChanged([1], [reactivated], () => Role.Owner)).to.deep.equal({ type: 'OwnersChanged', data: { owner_ids: [1, 2] } });
    expect(ownersChanged([1], [reactivated], () => Role.Member)).to.equal(null);
  });

  it('is null when the owners stay the same (a rename, a role change below owner)', function () {
    expect(ownersChanged([1], [roleChange(5, Role.Moderator, Role.Member)])).to.equal(null);
    expect(ownersChanged([1], [renamed])).to.equal(null);
  });
});

describe('decideRotateApiKey', function () {
  it("records the user's next key generation", function () {
    expect(decideRotateApiKey(aMember({ user_id: 7, api_key_generation: 3 }))).to.deep.equal({
      type: 'UserApiKeyRotated',
      data: { user_id: 7, api_key_generation: 4 },
    });
  });
});
