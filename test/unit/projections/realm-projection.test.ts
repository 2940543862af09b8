import { expect } from 'chai';
import { DEFAULT_REALM_SETTINGS, DEFAULT_USER_SETTINGS, type DomainEvent } from '@chat/core';
import { ProjectionDispatch, REALM_KEY, realmProjection, type ReadModels } from '@chat/projections';
import { freshModels, snapshot } from '../../support/read-model-fixture.js';
import { storedEvents, T0 } from '../../support/stored-events.js';

const realmCreated: DomainEvent = {
  type: 'RealmCreated',
  data: {
    name: 'Elsinore',
    description: 'The castle',
    settings: { ...DEFAULT_REALM_SETTINGS },
    user_settings_defaults: { ...DEFAULT_USER_SETTINGS, twenty_four_hour_time: true },
  },
};

async function whenProjected(events: DomainEvent[]): Promise<ReadModels> {
  const models = freshModels();
  const projection = new ProjectionDispatch([realmProjection(models)]);
  for (const event of storedEvents(events)) await projection.apply(event);
  return models;
}

describe('realm projection', function () {
  it('given RealmCreated, holds the organization with its creation time from the metadata', async function () {
    const models = await whenProjected([realmCreated]);
    expect(await snapshot(models)).to.deep.equal({
      realm: [
        {
          name: 'Elsinore',
          description: 'The castle',
          settings: DEFAULT_REALM_SETTINGS,
          user_settings_defaults: { ...DEFAULT_USER_SETTINGS, twenty_four_hour_time: true },
          date_created: T0 + 1000,
        },
      ],
      users: [],
      profileFields: [],
    });
  });

  it('given RealmSettingsChanged twice, merges both changes over the initial settings', async function () {
    const models = await whenProjected([
      realmCreated,
      { type: 'RealmSettingsChanged', data: { changes: { name_changes_disabled: true, message_content_edit_limit_seconds: null } } },
      { type: 'RealmSettingsChanged', data: { changes: { name_changes_disabled: false, waiting_period_threshold: 3 } } },
    ]);
    expect(await models.realm.get(REALM_KEY)).to.deep.equal({
      name: 'Elsinore',
      description: 'The castle',
      settings: { ...DEFAULT_REALM_SETTINGS, name_changes_disabled: false, message_content_edit_limit_seconds: null, waiting_period_threshold: 3 },
      user_settings_defaults: { ...DEFAULT_USER_SETTINGS, twenty_four_hour_time: true },
      date_created: T0 + 1000,
    });
  });

  it('given RealmProfileChanged, renames and redescribes the organization, leaving its settings', async function () {
    const models = await whenProjected([
      realmCreated,
      { type: 'RealmProfileChanged', data: { changes: { name: 'Denmark' } } },
      { type: 'RealmProfileChanged', data: { changes: { description: 'Something is rotten' } } },
    ]);
    expect(await models.realm.get(REALM_KEY)).to.deep.include({ name: 'Denmark', description: 'Something is rotten', settings: DEFAULT_REALM_SETTINGS });
  });

  it('given RealmSettingsChanged before any RealmCreated, holds no organization', async function () {
    const models = await whenProjected([{ type: 'RealmSettingsChanged', data: { changes: { invite_required: false } } }]);
    expect(await models.realm.count()).to.equal(0);
  });

  it('given user, claim and id events, changes nothing', async function () {
    const models = await whenProjected([
      { type: 'UserRenamed', data: { user_id: 1, full_name: 'X' } },
      { type: 'KeyClaimed', data: { kind: 'email', owner_id: 1 } },
      { type: 'IdBlockReserved', data: { kind: 'user', first: 1, last: 100 } },
    ]);
    expect(await snapshot(models)).to.deep.equal({ realm: [], users: [], profileFields: [] });
  });
});
