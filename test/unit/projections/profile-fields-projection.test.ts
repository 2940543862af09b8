import { expect } from 'chai';
import { DEFAULT_REALM_SETTINGS, DEFAULT_USER_SETTINGS, type DomainEvent } from '@chat/core';
import { ProjectionDispatch, profileFieldsProjection, type ReadModels, usersProjection, userDefaultsProjection, REALM_KEY, realmProjection } from '@chat/projections';
import { freshModels, snapshot } from '../../support/read-model-fixture.js';
import { storedEvents } from '../../support/stored-events.js';

const realmCreated: DomainEvent = {
  type: 'RealmCreated',
  data: { name: 'Elsinore', description: '', settings: { ...DEFAULT_REALM_SETTINGS }, user_settings_defaults: { ...DEFAULT_USER_SETTINGS } },
};
const flags = { display_in_profile_summary: false, required: false, editable_by_user: true };

async function whenProjected(events: DomainEvent[]): Promise<ReadModels> {
  const models = freshModels();
  const dispatch = new ProjectionDispatch([realmProjection(models), usersProjection(models), profileFieldsProjection(models), userDefaultsProjection(models)]);
  for (const event of storedEvents([realmCreated, ...events])) await dispatch.apply(event);
  return models;
}

const created = (field_id: number, name: string, order: number): DomainEvent => ({ type: 'CustomProfileFieldCreated', data: { field_id, name, hint: '', field_type: 1, order } });

describe('profile fields projection', () => {
  it('given CustomProfileFieldCreated, holds each field by its id with the flags a new field has', async () => {
    const models = await whenProjected([created(2, 'Biography', 1), created(1, 'Country', 0)]);
    expect((await snapshot(models)).profileFields).to.deep.equal([
      { id: 1, name: 'Country', hint: '', type: 1, order: 0, ...flags },
      { id: 2, name: 'Biography', hint: '', type: 1, order: 1, ...flags },
    ]);
  });

  it('given CustomProfileFieldUpdated and CustomProfileFieldsReordered, changes only what they name', async () => {
    const models = await whenProjected([
      created(1, 'Country', 0),
      created(2, 'Biography', 1),
      { type: 'CustomProfileFieldUpdated', data: { field_id: 1, changes: { name: 'Nation', required: true } } },
      { type: 'CustomProfileFieldsReordered', data: { order: [2, 1] } },
    ]);
    expect(await models.profileFields.get(1)).to.deep.equal({ id: 1, name: 'Nation', hint: '', type: 1, order: 1, ...flags, required: true });
    expect(await models.profileFields.get(2)).to.include({ order: 0 });
  });

  it('given CustomProfileFieldDeleted, drops the field and every user value for it, keeping other values', async () => {
    const models = await whenProjected([
      created(1, 'Country', 0),
      created(2, 'Biography', 1),
      { type: 'UserCreated', data: { user_id: 7, email: 'h@example.com', full_name: 'Hamlet', role: 400, is_bot: false, bot_type: null, bot_owner_id: null, timezone: '', password_hash: null, api_key_generation: 1, can_change_user_emails: false } },
      { type: 'UserProfileDataChanged', data: { user_id: 7, fields: [{ id: 1, value: 'Denmark' }, { id: 2, value: 'Prince' }] } },
      { type: 'CustomProfileFieldDeleted', data: { field_id: 1 } },
    ]);
    expect((await snapshot(models)).profileFields.map((field) => field.id)).to.deep.equal([2]);
    expect((await models.users.get(7))?.profile_data).to.deep.equal({ 2: 'Prince' });
  });

  it('given RealmUserSettingsDefaultsChanged, gives users created afterwards the new defaults', async () => {
    const user = (user_id: number): DomainEvent => ({ type: 'UserCreated', data: { user_id, email: `u${user_id}@example.com`, full_name: 'U', role: 400, is_bot: false, bot_type: null, bot_owner_id: null, timezone: '', password_hash: null, api_key_generation: 1, can_change_user_emails: false } });
    const models = await whenProjected([user(7), { type: 'RealmUserSettingsDefaultsChanged', data: { changes: { enter_sends: true } } }, user(8)]);
    expect((await models.realm.get(REALM_KEY))?.user_settings_defaults.enter_sends).to.equal(true);
    expect((await models.users.get(7))?.settings.enter_sends).to.equal(false);
    expect((await models.users.get(8))?.settings.enter_sends).to.equal(true);
  });
});
