import { expect } from 'chai';
import { DEFAULT_REALM_SETTINGS, decideUpdateSettings, type UpdateSettings, type UpdateSettingsContext, type UserState } from '@chat/core';
import { expectApiError, refused } from '../../support/api-error-assertions.js';
import { aMember, anAdmin } from '../../support/user-state-factory.js';

const USER_ID = 4;
const DIGEST = 'ab'.repeat(32);
const EXPIRES = 1_700_086_400_000;

function given(user: UserState = aMember(), rest: Partial<UpdateSettingsContext> = {}): UpdateSettingsContext {
  return {
    user,
    realm: { ...DEFAULT_REALM_SETTINGS },
    oldPasswordMatches: false,
    newPasswordHash: null,
    newEmailTaken: false,
    emailChange: { token_digest: DIGEST, expires_at: EXPIRES },
    ...rest,
  };
}

const cmd = (fields: Partial<UpdateSettings>): UpdateSettings => ({ settings: {}, ...fields });
const disabled = (setting: 'name_changes_disabled' | 'email_changes_disabled') => ({ ...DEFAULT_REALM_SETTINGS, [setting]: true });

describe('decideUpdateSettings', function () {
  describe('when the password changes', function () {
    it('refuses a new password without the old one as a missing argument', function () {
      const error = expectApiError(() => decideUpdateSettings(given(), cmd({ new_password: 'long enough' })), {
        code: 'REQUEST_VARIABLE_MISSING',
        status: 400,
        mentions: "'old_password'",
      });
      expect(error.extras).to.deep.equal({ var_name: 'old_password' });
    });

    it("refuses a wrong old password naming 'old_password'", function () {
      const ctx = given(aMember(), { oldPasswordMatches: false });
      expectApiError(() => decideUpdateSettings(ctx, cmd({ old_password: 'wrong', new_password: 'long enough' })), refused("Invalid 'old_password'"));
    });

    it("refuses a new password of 7 characters naming 'new_password'", function () {
      const ctx = given(aMember(), { oldPasswordMatches: true, newPasswordHash: 'scrypt$new' });
      expectApiError(() => decideUpdateSettings(ctx, cmd({ old_password: 'old', new_password: '1234567' })), refused("Invalid 'new_password'"));
    });

    it('records the new hash for a new password of 8 characters', function () {
      const ctx = given(aMember(), { oldPasswordMatches: true, newPasswordHash: 'scrypt$new' });
      expect(decideUpdateSettings(ctx, cmd({ old_password: 'old', new_password: '12345678' }))).to.deep.equal([
        { type: 'UserPasswordChanged', data: { user_id: USER_ID, password_hash: 'scrypt$new' } },
      ]);
    });
  });

  describe('when the name changes', function () {
    it('records the trimmed name', function () {
      expect(decideUpdateSettings(given(), cmd({ full_name: ' Ophelia ' }))).to.deep.equal([
        { type: 'UserRenamed', data: { user_id: USER_ID, full_name: 'Ophelia' } },
      ]);
    });

    it('records nothing for the current name', function () {
      expect(decideUpdateSettings(given(aMember({ full_name: 'Ophelia' })), cmd({ full_name: 'Ophelia ' }))).to.deep.equal([]);
    });

    for (const [what, full_name] of [['empty', ''], ['too long', 'y'.repeat(101)], ['with a control character', 'a\u0000b']]) {
      it(`refuses a name that is ${what}, naming 'full_name'`, function () {
        expectApiError(() => decideUpdateSettings(given(), cmd({ full_name })), refused("Invalid 'full_name'"));
      });
    }

    it('refuses a member when the organization disables name changes', function () {
      const ctx = given(aMember(), { realm: disabled('name_changes_disabled') });
      expectApiError(() => decideUpdateSettings(ctx, cmd({ full_name: 'Ophelia' })), refused('Name changes are disabled'));
    });

    it('lets an administrator rename themselves when the organization disables name changes', function () {
      const ctx = given(anAdmin(), { realm: disabled('name_changes_disabled') });
      expect(decideUpdateSettings(ctx, cmd({ full_name: 'Ophelia' }))).to.deep.equal([
        { type: 'UserRenamed', data: { user_id: 2, full_name: 'Ophelia' } },
      ]);
    });
  });

  describe('when the address changes', function () {
    it('records a request for the lower-cased address with the confirmation digest and expiry', function () {
      expect(decideUpdateSettings(given(), cmd({ email: 'New@Example.com' }))).to.deep.equal([
        { type: 'UserEmailChangeRequested', data: { user_id: USER_ID, new_email: 'new@example.com', token_digest: DIGEST, expires_at: EXPIRES } },
      ]);
    });

    it('records nothing for the current address', function () {
      expect(decideUpdateSettings(given(), cmd({ email: 'USER4@example.com' }))).to.deep.equal([]);
    });

    it("refuses an invalid address naming 'email'", function () {
      expectApiError(() => decideUpdateSettings(given(), cmd({ email: 'new.example.com' })), refused("Invalid 'email'"));
    });

    it('refuses an address that belongs to another account', function () {
      const ctx = given(aMember(), { newEmailTaken: true });
      expectApiError(() => decideUpdateSettings(ctx, cmd({ email: 'taken@example.com' })), refused("Email 'taken@example.com' already in use"));
    });

    it('refuses a member when the organization disables address changes', function () {
      const ctx = given(aMember(), { realm: disabled('email_changes_disabled') });
      expectApiError(() => decideUpdateSettings(ctx, cmd({ email: 'new@example.com' })), refused('Email address changes are disabled'));
    });

    it('lets an administrator ask for a new address when the organization disables address changes', function () {
      const ctx = given(anAdmin(), { realm: disabled('email_changes_disabled') });
      expect(decideUpdateSettings(ctx, cmd({ email: 'new@example.com' })).map((event) => event.type)).to.deep.equal(['UserEmailChangeRequested']);
    });
  });

  describe('when settings change', function () {
    it('records only the settings whose value differs', function () {
      const settings = { twenty_four_hour_time: true, enter_sends: false, emojiset: 'google', web_font_size_px: 20 };
      expect(decideUpdateSettings(given(), cmd({ settings }))).to.deep.equal([
        { type: 'UserSettingsChanged', data: { user_id: USER_ID, changes: { twenty_four_hour_time: true, web_font_size_px: 20 } } },
      ]);
    });

    it('records nothing when every value is the current one, or a name it does not know', function () {
      const settings = { enter_sends: false, default_language: 'en', timezone: '', not_a_setting: 5, presence_enabled: undefined };
      expect(decideUpdateSettings(given(), cmd({ settings }))).to.deep.equal([]);
    });

    const valid: [string, string][] = [['timezone', 'Europe/Berlin'], ['timezone', 'UTC'], ['default_language', 'pt-br'], ['notification_sound', 'ding']];
    for (const [name, value] of valid) {
      it(`records ${name} ${JSON.stringify(value)}`, function () {
        expect(decideUpdateSettings(given(), cmd({ settings: { [name]: value } }))).to.deep.equal([
          { type: 'UserSettingsChanged', data: { user_id: USER_ID, changes: { [name]: value } } },
        ]);
      });
    }

    const invalid: [string, string][] = [['timezone', 'Mars/Olympus'], ['default_language', 'xx'], ['notification_sound', 'bell']];
    for (const [name, value] of invalid) {
      it(`refuses ${name} ${JSON.stringify(value)} naming '${name}'`, function () {
        expectApiError(() => decideUpdateSettings(given(), cmd({ settings: { [name]: value } })), refused(`Invalid '${name}'`));
      });
    }
  });

  describe('when everything changes at once', function () {
    it('records password, name, address request and settings in that order', function () {
      const ctx = given(aMember(), { oldPasswordMatches: true, newPasswordHash: 'scrypt$new' });
      const events = decideUpdateSettings(ctx, {
        old_password: 'old',
        new_password: 'new password',
        full_name: 'N',
        email: 'n@example.com',
        settings: { enter_sends: true },
      });
      expect(events.map((event) => event.type)).to.deep.equal(['UserPasswordChanged', 'UserRenamed', 'UserEmailChangeRequested', 'UserSettingsChanged']);
    });
  });
});
