import { expect } from 'chai';
import { decideMuteUser, decideUnmuteUser, decideUpdateUserStatus, NO_STATUS, statusAfter, type StatusEmoji } from '@chat/core';
import { expectApiError, refused } from '../../support/api-error-assertions.js';
import { aMember, anAdmin } from '../../support/user-state-factory.js';

const ALICE = { user_id: 7, presence_enabled: true };
const car: StatusEmoji = { emoji_name: 'car', emoji_code: '1f697', reaction_type: 'unicode_emoji' };
const knowsCar = (choice: { emoji_name: string }): StatusEmoji => {
  if (choice.emoji_name !== 'car') throw new Error(`unexpected emoji ${choice.emoji_name}`);
  return car;
};

describe('decideUpdateUserStatus', () => {
  it('records only the parts that change, the text trimmed, the emoji as the catalogue resolves it', () => {
    expect(decideUpdateUserStatus(ALICE, NO_STATUS, { status_text: ' lunch ', emoji_name: 'car' }, knowsCar)).to.deep.equal([
      { type: 'UserStatusChanged', data: { user_id: 7, status_text: 'lunch', ...car } },
    ]);
    const current = { ...NO_STATUS, status_text: 'lunch', ...car };
    expect(decideUpdateUserStatus(ALICE, current, { status_text: 'lunch', emoji_name: 'car' }, knowsCar)).to.deep.equal([]);
    expect(decideUpdateUserStatus(ALICE, current, { emoji_name: '' }, knowsCar)).to.deep.equal([
      { type: 'UserStatusChanged', data: { user_id: 7, emoji_name: '', emoji_code: '', reaction_type: 'unicode_emoji' } },
    ]);
  });

  it('away changes the presence_enabled setting, and only when it differs', () => {
    expect(decideUpdateUserStatus(ALICE, NO_STATUS, { away: true }, knowsCar)).to.deep.equal([{ type: 'UserSettingsChanged', data: { user_id: 7, changes: { presence_enabled: false } } }]);
    expect(decideUpdateUserStatus(ALICE, NO_STATUS, { away: false }, knowsCar)).to.deep.equal([]);
    expect(decideUpdateUserStatus({ ...ALICE, presence_enabled: false }, NO_STATUS, { away: false }, knowsCar)).to.deep.equal([
      { type: 'UserSettingsChanged', data: { user_id: 7, changes: { presence_enabled: true } } },
    ]);
  });

  it('refuses no values, a text over 60 characters, and an emoji code or type without a name', () => {
    expectApiError(() => decideUpdateUserStatus(ALICE, NO_STATUS, {}, knowsCar), refused('Client did not pass any new values.'));
    expectApiError(() => decideUpdateUserStatus(ALICE, NO_STATUS, { status_text: 'é'.repeat(61) }, knowsCar), refused('status_text is too long (limit: 60 characters)'));
    expect(decideUpdateUserStatus(ALICE, NO_STATUS, { status_text: 'é'.repeat(60) }, knowsCar)).to.have.length(1);
    expectApiError(() => decideUpdateUserStatus(ALICE, NO_STATUS, { emoji_code: '1f697' }, knowsCar), refused('Client must pass emoji_name'));
    expectApiError(() => decideUpdateUserStatus(ALICE, NO_STATUS, { reaction_type: 'unicode_emoji' }, knowsCar), refused('Client must pass emoji_name'));
  });

  it('statusAfter merges the parts a change set', () => {
    expect(statusAfter({ ...NO_STATUS, status_text: 'away', ...car }, { user_id: 7, status_text: '' })).to.deep.equal({ user_id: 7, status_text: '', ...car });
  });
});

describe('decideMuteUser and decideUnmuteUser', () => {
  const member = aMember();
  const admin = anAdmin();

  it('mutes another user (deactivated ones too) once, and unmutes a muted one', () => {
    expect(decideMuteUser(member.user_id, admin, false)).to.deep.equal([{ type: 'UserMuted', data: { user_id: member.user_id, muted_user_id: admin.user_id } }]);
    expect(decideMuteUser(member.user_id, { ...admin, is_active: false }, false)).to.have.length(1);
    expect(decideUnmuteUser(member.user_id, admin, true)).to.deep.equal([{ type: 'UserUnmuted', data: { user_id: member.user_id, muted_user_id: admin.user_id } }]);
  });

  it('refuses oneself, an unknown user, muting twice and unmuting someone not muted', () => {
    expectApiError(() => decideMuteUser(member.user_id, member, false), refused('Cannot mute self'));
    expectApiError(() => decideMuteUser(member.user_id, undefined, false), refused('No such user'));
    expectApiError(() => decideMuteUser(member.user_id, admin, true), refused('User already muted'));
    expectApiError(() => decideUnmuteUser(member.user_id, admin, false), refused('User is not muted'));
    expectApiError(() => decideUnmuteUser(member.user_id, undefined, true), refused('No such user'));
  });
});
