import { expect } from 'chai';
import { decideDeactivateOwnUser, defaultRealmGroupSettings, SYSTEM_GROUPS, type SystemGroupName, decideDeactivateUser, decideReactivateUser, Role, type UserState } from '@chat/core';
import { expectApiError, refused } from '../../support/api-error-assertions.js';
import { anOwner, aUser, someUsers } from '../../support/user-state-factory.js';

const botWorld = { groups: new Map(), realm: defaultRealmGroupSettings(Object.fromEntries(SYSTEM_GROUPS.map((group, index) => [group.name, index + 1])) as Record<SystemGroupName, number>) };
const byId = (...users: UserState[]): Map<number, UserState> => new Map(users.map((user) => [user.user_id, user]));
const principal = (mentions: string) => ({ code: 'UNAUTHORIZED_PRINCIPAL', status: 400, mentions });
const lastUser = (mentions: string) => ({ code: 'CANNOT_DEACTIVATE_LAST_USER', status: 400, mentions });

describe('user lifecycle deciders', () => {
  const people = someUsers();
  const everyone = byId(...Object.values(people));
  const asAdmin = { actor: people.admin, users: everyone, ...botWorld };

  describe('decideDeactivateUser', () => {
    it('deactivates a member, with the trimmed mail note', () => {
      const events = decideDeactivateUser(asAdmin, people.member.user_id, '  Farewell  ');
      expect(events).to.deep.equal([{ type: 'UserDeactivated', data: { user_id: people.member.user_id, notification_comment: 'Farewell', owner_id: null } }]);
    });

    it('takes the bots the user owns with them, and leaves other bots and deactivated bots alone', () => {
      const bot = aUser({ user_id: 30, is_bot: true, bot_type: 1, bot_owner_id: people.member.user_id });
      const oldBot = aUser({ user_id: 31, is_bot: true, bot_type: 1, bot_owner_id: people.member.user_id, is_active: false });
      const otherBot = aUser({ user_id: 32, is_bot: true, bot_type: 1, bot_owner_id: people.other.user_id });
      const users = byId(...Object.values(people), bot, oldBot, otherBot);
      const events = decideDeactivateUser({ actor: people.admin, users, ...botWorld }, people.member.user_id, null);
      expect(events.map((event) => event.data)).to.deep.equal([
        { user_id: people.member.user_id, notification_comment: null, owner_id: null },
        { user_id: 30, notification_comment: null, owner_id: people.member.user_id },
      ]);
    });

    it('refuses non-administrators, unknown users, bots and deactivated users', () => {
      expectApiError(() => decideDeactivateUser({ actor: people.moderator, users: everyone, ...botWorld }, people.member.user_id, null), principal('Must be an organization administrator'));
      expectApiError(() => decideDeactivateUser(asAdmin, 999, null), refused('No such user'));
      const bot = aUser({ user_id: 30, is_bot: true, bot_type: 1, bot_owner_id: people.member.user_id });
      expectApiError(() => decideDeactivateUser({ actor: people.admin, users: byId(people.admin, bot), ...botWorld }, 30, null), refused('No such user'));
      expectApiError(() => decideDeactivateUser(asAdmin, people.gone.user_id, null), refused('User is deactivated'));
    });

    it('lets only an owner deactivate an owner, and never the last one', () => {
      const second = anOwner({ user_id: 40 });
      const users = byId(...Object.values(people), second);
      expectApiError(() => decideDeactivateUser({ actor: people.admin, users, ...botWorld }, second.user_id, null), principal('Must be an organization owner'));
      expect(decideDeactivateUser({ actor: people.owner, users, ...botWorld }, second.user_id, null)).to.have.length(1);
      expectApiError(() => decideDeactivateUser({ actor: people.owner, users: everyone, ...botWorld }, people.owner.user_id, null), refused('Cannot deactivate the only organization owner'));
    });

    it('refuses a note over 2000 characters, naming the parameter', () => {
      expectApiError(() => decideDeactivateUser(asAdmin, people.member.user_id, 'x'.repeat(2001)), refused("'deactivation_notification_comment'"));
    });
  });

  describe('decideDeactivateOwnUser', () => {
    it('lets a member leave', () => {
      expect(decideDeactivateOwnUser({ actor: people.member, users: everyone, ...botWorld })).to.deep.equal([
        { type: 'UserDeactivated', data: { user_id: people.member.user_id, notification_comment: null, owner_id: null } },
      ]);
    });

    it('refuses the only owner and the only user, saying which', () => {
      const owner = expectApiError(() => decideDeactivateOwnUser({ actor: people.owner, users: everyone, ...botWorld }), lastUser('Cannot deactivate the only organization owner'));
      expect(owner.extras).to.deep.equal({ entity: 'organization owner', is_last_owner: true });
      const alone = aUser({ user_id: 50, role: Role.Member });
      const only = expectApiError(() => decideDeactivateOwnUser({ actor: alone, users: byId(alone, people.gone), ...botWorld }), lastUser('Cannot deactivate the only user'));
      expect(only.extras).to.deep.equal({ entity: 'user', is_last_owner: false });
    });
  });

  describe('decideReactivateUser', () => {
    it('reactivates a deactivated user, and refuses an active one or a non-administrator', () => {
      expect(decideReactivateUser(asAdmin, people.gone.user_id)).to.deep.equal([{ type: 'UserReactivated', data: { user_id: people.gone.user_id } }]);
      expectApiError(() => decideReactivateUser(asAdmin, people.member.user_id), refused('User is already active'));
      expectApiError(() => decideReactivateUser({ actor: people.member, users: everyone, ...botWorld }, people.gone.user_id), principal('Must be an organization administrator'));
    });
  });
});
