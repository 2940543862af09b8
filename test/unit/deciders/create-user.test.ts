import { expect } from 'chai';
import { type CreateUser, decideCreateUser, type DomainEvent, MAX_USER_NAME_LENGTH, Role, type UserCreated } from '@chat/core';
import { expectApiError } from '../../support/api-error-assertions.js';
import { userCreatedEvent } from '../../support/stored-events.js';
import { aGuest, aMember, aModerator, anAdmin, anOwner } from '../../support/user-state-factory.js';

const command = (overrides: Partial<CreateUser> = {}): CreateUser => ({
  user_id: 20,
  email: 'hamlet@example.com',
  full_name: 'Hamlet',
  password_hash: 'scrypt$hash',
  ...overrides,
});

const created = (overrides: Partial<UserCreated['data']> = {}): DomainEvent =>
  userCreatedEvent(20, { email: 'hamlet@example.com', full_name: 'Hamlet', role: Role.Member, password_hash: 'scrypt$hash', ...overrides });

describe('decideCreateUser', function () {
  describe('given an administrator or owner creating the account', function () {
    it('records a member with the first API key generation when no role is asked for', function () {
      expect(decideCreateUser({ actor: anAdmin(), emailTaken: false }, command())).to.deep.equal([created()]);
    });

    it('lets an owner create an account too', function () {
      expect(decideCreateUser({ actor: anOwner(), emailTaken: false }, command())).to.deep.equal([created()]);
    });

    it('keeps the address lower-cased and trimmed, and the name trimmed', function () {
      const events = decideCreateUser({ actor: anAdmin(), emailTaken: false }, command({ email: '  Hamlet@Example.COM ', full_name: '  Hamlet  ' }));
      expect(events).to.deep.equal([created()]);
    });

    it('records the role and email permission asked for', function () {
      const events = decideCreateUser(
        { actor: anOwner(), emailTaken: false },
        command({ role: Role.Moderator, can_change_user_emails: true, password_hash: null }),
      );
      expect(events).to.deep.equal([created({ role: Role.Moderator, can_change_user_emails: true, password_hash: null })]);
    });

    it('accepts a name of exactly the maximum length', function () {
      const full_name = 'x'.repeat(MAX_USER_NAME_LENGTH);
      expect(decideCreateUser({ actor: anAdmin(), emailTaken: false }, command({ full_name }))).to.deep.equal([created({ full_name })]);
    });
  });

  describe('given no actor (the organization creating its first owner)', function () {
    it('records the owner with the email permission', function () {
      const events = decideCreateUser({ actor: null, emailTaken: false }, command({ role: Role.Owner, can_change_user_emails: true }));
      expect(events).to.deep.equal([created({ role: Role.Owner, can_change_user_emails: true })]);
    });
  });

  describe('given an actor below administrator', function () {
    for (const [name, actor] of [['moderator', aModerator()], ['member', aMember()], ['guest', aGuest()]] as const) {
      it(`refuses a ${name}, before looking at the address`, function () {
        expectApiError(() => decideCreateUser({ actor, emailTaken: true }, command({ email: 'not an address' })), {
          code: 'BAD_REQUEST',
          status: 400,
          mentions: 'Must be an organization administrator',
        });
      });
    }
  });

  describe('given a bad address', function () {
    for (const email of ['hamlet', 'hamlet@example', 'ham let@example.com', '@example.com', `${'a'.repeat(250)}@example.com`]) {
      it(`refuses ${JSON.stringify(email.length > 40 ? `${email.slice(0, 20)}...` : email)} naming 'email'`, function () {
        expectApiError(() => decideCreateUser({ actor: anAdmin(), emailTaken: false }, command({ email })), {
          code: 'BAD_REQUEST',
          status: 400,
          mentions: "Invalid 'email'",
        });
      });
    }

    it('refuses an address that already belongs to an account, naming it', function () {
      expectApiError(() => decideCreateUser({ actor: anAdmin(), emailTaken: true }, command({ email: 'Hamlet@example.com' })), {
        code: 'BAD_REQUEST',
        status: 400,
        mentions: "Email 'hamlet@example.com' already in use",
      });
    });
  });

  describe('given a bad name', function () {
    const cases: [string, string, string][] = [
      ['an empty name', '', 'must not be empty'],
      ['a name of only spaces', '   ', 'must not be empty'],
      ['a name one character too long', 'x'.repeat(MAX_USER_NAME_LENGTH + 1), `longer than ${MAX_USER_NAME_LENGTH}`],
      ['a name with a newline', 'Ham\nlet', 'control characters'],
      ['a name with a DEL character', 'Ham\u007flet', 'control characters'],
    ];
    for (const [what, full_name, why] of cases) {
      it(`refuses ${what}, naming 'full_name'`, function () {
        const error = expectApiError(() => decideCreateUser({ actor: anAdmin(), emailTaken: false }, command({ full_name })), {
          code: 'BAD_REQUEST',
          status: 400,
          mentions: "Invalid 'full_name'",
        });
        expect(error.message).to.contain(why);
      });
    }
  });
});
