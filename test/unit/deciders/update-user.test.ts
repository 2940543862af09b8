import { expect } from 'chai';
import { decideUpdateUser, MAX_USER_NAME_LENGTH, Role, type UpdateUserContext, type UserState } from '@chat/core';
import { expectApiError, refused } from '../../support/api-error-assertions.js';
import { aGuest, aMember, aModerator, anAdmin, anOwner } from '../../support/user-state-factory.js';

const TARGET_ID = 40;

function given(actor: UserState, target: Partial<UserState> = {}, rest: Partial<UpdateUserContext> = {}): UpdateUserContext {
  const taken = new Set(['taken@example.com']);
  return {
    actor,
    target: aMember({ user_id: TARGET_ID, email: 'target@example.com', full_name: 'Target', ...target }),
    activeOwnerCount: 1,
    profileFieldIds: new Set([1, 2]),
    isEmailTaken: (email) => taken.has(email),
    ...rest,
  };
}

describe('decideUpdateUser', function () {
  describe('given an actor below administrator', function () {
    for (const actor of [aModerator(), aMember(), aGuest()]) {
      it(`refuses role ${actor.role} even a change that changes nothing`, function () {
        expectApiError(() => decideUpdateUser(given(actor), { full_name: 'Target' }), refused('Insufficient permission'));
      });
    }
  });

  describe('when an administrator renames the user', function () {
    it('records the trimmed name', function () {
      expect(decideUpdateUser(given(anAdmin()), { full_name: '  New Name ' })).to.deep.equal([
        { type: 'UserRenamed', data: { user_id: TARGET_ID, full_name: 'New Name' } },
      ]);
    });

    it('records nothing for the current name', function () {
      expect(decideUpdateUser(given(anAdmin()), { full_name: ' Target ' })).to.deep.equal([]);
    });

    for (const [what, full_name] of [['empty', ' '], ['too long', 'x'.repeat(MAX_USER_NAME_LENGTH + 1)], ['with a tab', 'a\tb']]) {
      it(`refuses a name that is ${what}, naming 'full_name'`, function () {
        expectApiError(() => decideUpdateUser(given(anAdmin()), { full_name }), refused("Invalid 'full_name'"));
      });
    }
  });

  describe('when the role changes', function () {
    it('records the new and the previous role', function () {
      expect(decideUpdateUser(given(anAdmin()), { role: Role.Moderator })).to.deep.equal([
        { type: 'UserRoleChanged', data: { user_id: TARGET_ID, role: Role.Moderator, previous_role: Role.Member } },
      ]);
    });

    it('records nothing for the current role', function () {
      expect(decideUpdateUser(given(anAdmin()), { role: Role.Member })).to.deep.equal([]);
    });

    for (const role of [0, 250, 500, 700]) {
      it(`refuses ${role}, which is not a role, naming 'role'`, function () {
        expectApiError(() => decideUpdateUser(given(anOwner()), { role }), refused("Invalid 'role'"));
      });
    }

    it('refuses an administrator who makes someone an owner', function () {
      expectApiError(() => decideUpdateUser(given(anAdmin()), { role: Role.Owner }), refused('Must be an organization owner'));
    });

    it('refuses an administrator who demotes an owner, even when there are several', function () {
      const ctx = given(anAdmin(), { role: Role.Owner }, { activeOwnerCount: 3 });
      expectApiError(() => decideUpdateUser(ctx, { role: Role.Member }), refused('Must be an organization owner'));
    });

    it('lets an owner make someone an owner', function () {
      expect(decideUpdateUser(given(anOwner()), { role: Role.Owner })).to.deep.equal([
        { type: 'UserRoleChanged', data: { user_id: TARGET_ID, role: Role.Owner, previous_role: Role.Member } },
      ]);
    });

    it('refuses to demote the only owner', function () {
      const ctx = given(anOwner(), { role: Role.Owner }, { activeOwnerCount: 1 });
      expectApiError(() => decideUpdateUser(ctx, { role: Role.Administrator }), refused('only organization owner'));
    });

    it('lets an owner demote one of two owners', function () {
      const ctx = given(anOwner(), { role: Role.Owner }, { activeOwnerCount: 2 });
      expect(decideUpdateUser(ctx, { role: Role.Administrator })).to.deep.equal([
        { type: 'UserRoleChanged', data: { user_id: TARGET_ID, role: Role.Administrator, previous_role: Role.Owner } },
      ]);
    });

    for (const role of [Role.Administrator, Role.Owner]) {
      it(`refuses to turn a guest straight into role ${role}`, function () {
        expectApiError(() => decideUpdateUser(given(anOwner(), { role: Role.Guest }), { role }), refused('A guest cannot become'));
      });
    }

    it('lets a guest become a member', function () {
      expect(decideUpdateUser(given(anAdmin(), { role: Role.Guest }), { role: Role.Member })).to.deep.equal([
        { type: 'UserRoleChanged', data: { user_id: TARGET_ID, role: Role.Member, previous_role: Role.Guest } },
      ]);
    });
  });

  describe('when profile data changes', function () {
    it('records the fields, an empty value as null', function () {
      const profile_data = [{ id: 1, value: 'Denmark' }, { id: 2, value: '' }];
      expect(decideUpdateUser(given(anAdmin()), { profile_data })).to.deep.equal([
        { type: 'UserProfileDataChanged', data: { user_id: TARGET_ID, fields: [{ id: 1, value: 'Denmark' }, { id: 2, value: null }] } },
      ]);
    });

    it('records nothing for an empty list', function () {
      expect(decideUpdateUser(given(anAdmin()), { profile_data: [] })).to.deep.equal([]);
    });

    it('refuses a field id the organization does not have, naming profile_data', function () {
      const profile_data = [{ id: 1, value: 'ok' }, { id: 9, value: 'x' }];
      expectApiError(() => decideUpdateUser(given(anAdmin()), { profile_data }), refused("Invalid 'profile_data': field id 9"));
    });
  });

  describe('when the address changes', function () {
    const allowed = () => anOwner({ can_change_user_emails: true });

    it('records the lower-cased address and the previous one', function () {
      expect(decideUpdateUser(given(allowed()), { new_email: ' New@Example.com ' })).to.deep.equal([
        { type: 'UserEmailChanged', data: { user_id: TARGET_ID, email: 'new@example.com', previous_email: 'target@example.com' } },
      ]);
    });

    it('records nothing for the current address in another letter case', function () {
      expect(decideUpdateUser(given(allowed()), { new_email: 'TARGET@example.com' })).to.deep.equal([]);
    });

    it('refuses an owner without can_change_user_emails', function () {
      expectApiError(() => decideUpdateUser(given(anOwner()), { new_email: 'new@example.com' }), refused('can_change_user_emails'));
    });

    it('refuses an administrator even with can_change_user_emails', function () {
      const actor = anAdmin({ can_change_user_emails: true });
      expectApiError(() => decideUpdateUser(given(actor), { new_email: 'new@example.com' }), refused('can_change_user_emails'));
    });

    it("refuses an invalid address naming 'new_email'", function () {
      expectApiError(() => decideUpdateUser(given(allowed()), { new_email: 'new@' }), refused("Invalid 'new_email'"));
    });

    it('refuses an address that belongs to another account', function () {
      expectApiError(() => decideUpdateUser(given(allowed()), { new_email: 'Taken@example.com' }), refused("Email 'taken@example.com' already in use"));
    });
  });

  describe('when several things change at once', function () {
    it('records them in the order name, role, profile data, address', function () {
      const cmd = { new_email: 'n@example.com', profile_data: [{ id: 2, value: 'v' }], role: Role.Moderator, full_name: 'N' };
      expect(decideUpdateUser(given(anOwner({ can_change_user_emails: true })), cmd).map((event) => event.type)).to.deep.equal([
        'UserRenamed',
        'UserRoleChanged',
        'UserProfileDataChanged',
        'UserEmailChanged',
      ]);
    });

    it('records nothing when one part is refused', function () {
      const cmd = { full_name: 'N', new_email: 'n@example.com' };
      expectApiError(() => decideUpdateUser(given(anAdmin()), cmd), refused('can_change_user_emails'));
    });
  });
});
