import { expect } from 'chai';
import {
  decideCreateProfileField,
  decideDeleteProfileField,
  decideReorderProfileFields,
  decideUpdateProfileField,
  decideUpdateUserSettingsDefaults,
  DEFAULT_USER_SETTINGS,
  NEW_PROFILE_FIELD_FLAGS,
  type ProfileFieldState,
} from '@chat/core';
import { expectApiError, refused } from '../../support/api-error-assertions.js';
import { aMember, anAdmin } from '../../support/user-state-factory.js';

const field = (id: number, name: string, order: number, overrides: Partial<ProfileFieldState> = {}): ProfileFieldState => ({
  id, name, hint: '', type: 1, order, ...NEW_PROFILE_FIELD_FLAGS, ...overrides,
});
const fields = [field(1, 'Team', 0), field(2, 'Office', 1, { display_in_profile_summary: true }), field(3, 'Pronouns', 2)];
const admin = { actor: anAdmin(), fields };
const notAdmin = { code: 'UNAUTHORIZED_PRINCIPAL', status: 400, mentions: 'Must be an organization administrator' };

describe('profile field deciders', () => {
  it('creates a field after the last one, trimmed', () => {
    expect(decideCreateProfileField(admin, { field_id: 9, name: ' Desk ', hint: 'Floor', field_type: 2 })).to.deep.equal([
      { type: 'CustomProfileFieldCreated', data: { field_id: 9, name: 'Desk', hint: 'Floor', field_type: 2, order: 3 } },
    ]);
  });

  it('refuses members, taken labels (any case), empty labels and unknown types', () => {
    expectApiError(() => decideCreateProfileField({ actor: aMember(), fields }, { field_id: 9, name: 'Desk', hint: '', field_type: 1 }), notAdmin);
    expectApiError(() => decideCreateProfileField(admin, { field_id: 9, name: 'team', hint: '', field_type: 1 }), refused("'name'"));
    expectApiError(() => decideCreateProfileField(admin, { field_id: 9, name: '  ', hint: '', field_type: 1 }), refused("'name'"));
    expectApiError(() => decideCreateProfileField(admin, { field_id: 9, name: 'Desk', hint: '', field_type: 7 }), refused("'field_type'"));
  });

  it('records only what an update changes, and nothing when nothing changes', () => {
    expect(decideUpdateProfileField(admin, 1, { name: 'Squad', hint: '', required: true })).to.deep.equal([
      { type: 'CustomProfileFieldUpdated', data: { field_id: 1, changes: { name: 'Squad', required: true } } },
    ]);
    expect(decideUpdateProfileField(admin, 1, { name: 'Team', editable_by_user: true })).to.deep.equal([]);
  });

  it('keeps a label unique on update but lets a field keep its own', () => {
    expectApiError(() => decideUpdateProfileField(admin, 1, { name: 'OFFICE' }), refused('already exists'));
    expect(decideUpdateProfileField(admin, 1, { name: 'TEAM' })[0].data.changes).to.deep.equal({ name: 'TEAM' });
  });

  it('shows at most two fields in the profile summary', () => {
    expect(decideUpdateProfileField(admin, 1, { display_in_profile_summary: true })).to.have.length(1);
    const two = fields.map((each) => (each.id === 1 ? { ...each, display_in_profile_summary: true } : each));
    expectApiError(() => decideUpdateProfileField({ ...admin, fields: two }, 3, { display_in_profile_summary: true }), refused("'display_in_profile_summary'"));
  });

  it('refuses unknown fields on update and delete', () => {
    expectApiError(() => decideUpdateProfileField(admin, 42, { name: 'X' }), refused('Field id 42 not found'));
    expectApiError(() => decideDeleteProfileField(admin, 42), refused('Field id 42 not found'));
    expectApiError(() => decideDeleteProfileField({ actor: aMember(), fields }, 1), notAdmin);
    expect(decideDeleteProfileField(admin, 2)).to.deep.equal([{ type: 'CustomProfileFieldDeleted', data: { field_id: 2 } }]);
  });

  it('reorders only with every field named once, and records nothing for the current order', () => {
    expect(decideReorderProfileFields(admin, [3, 1, 2])).to.deep.equal([{ type: 'CustomProfileFieldsReordered', data: { order: [3, 1, 2] } }]);
    expect(decideReorderProfileFields(admin, [1, 2, 3])).to.deep.equal([]);
    for (const order of [[1, 2], [1, 2, 2], [1, 2, 4], [1, 2, 3, 4]]) expectApiError(() => decideReorderProfileFields(admin, order), refused("'order'"));
    expectApiError(() => decideReorderProfileFields({ actor: aMember(), fields }, [3, 1, 2]), notAdmin);
  });
});

describe('user settings defaults decider', () => {
  it('records only presettable values that differ', () => {
    const events = decideUpdateUserSettingsDefaults(anAdmin(), DEFAULT_USER_SETTINGS, {
      enter_sends: !DEFAULT_USER_SETTINGS.enter_sends,
      twenty_four_hour_time: DEFAULT_USER_SETTINGS.twenty_four_hour_time,
      timezone: 'Europe/Paris',
    });
    expect(events).to.deep.equal([{ type: 'RealmUserSettingsDefaultsChanged', data: { changes: { enter_sends: !DEFAULT_USER_SETTINGS.enter_sends } } }]);
    expect(decideUpdateUserSettingsDefaults(anAdmin(), DEFAULT_USER_SETTINGS, {})).to.deep.equal([]);
  });

  it('applies the rules of PATCH /settings, for administrators only', () => {
    expectApiError(() => decideUpdateUserSettingsDefaults(anAdmin(), DEFAULT_USER_SETTINGS, { notification_sound: 'bell' }), refused("'notification_sound'"));
    expectApiError(() => decideUpdateUserSettingsDefaults(aMember(), DEFAULT_USER_SETTINGS, { enter_sends: true }), notAdmin);
  });
});
