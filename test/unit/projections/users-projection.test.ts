import { expect } from 'chai';
import { DEFAULT_REALM_SETTINGS, DEFAULT_USER_SETTINGS, type DomainEvent, Role, type UserState } from '@chat/core';
import type { ReadModels } from '@chat/projections';
import { freshModels, project } from '../../support/read-model-fixture.js';
import { storedEvents, T0 } from '../../support/stored-events.js';
import { aUser } from '../../support/user-state-factory.js';

const REALM_DEFAULTS = { ...DEFAULT_USER_SETTINGS, default_language: 'de', twenty_four_hour_time: true };

const realmCreated: DomainEvent = {
  type: 'RealmCreated',
  data: { name: 'Elsinore', description: '', settings: { ...DEFAULT_REALM_SETTINGS }, user_settings_defaults: REALM_DEFAULTS },
};

const userCreated = (user_id: number, email: string, timezone = ''): DomainEvent => ({
  type: 'UserCreated',
  data: {
    user_id,
    email,
    full_name: `User ${user_id}`,
    role: Role.Member,
    password_hash: 'scrypt$first',
    is_bot: false,
    bot_type: null,
    bot_owner_id: null,
    timezone,
    api_key_generation: 1,
    can_change_user_emails: false,
  },
});

/** The document UserCreated at position `position` leaves, before anything else happens to the user. */
const freshUser = (user_id: number, email: string, position: number, settings = REALM_DEFAULTS): UserState =>
  aUser({ user_id, email, date_joined: T0 + position * 1000, password_hash: 'scrypt$first', settings });

async function given(events: DomainEvent[]): Promise<ReadModels> {
  const models = freshModels();
  await project(models, storedEvents(events));
  return models;
}

describe('users projection', function () {
  it('given UserCreated, holds the user with the realm defaults, the event time zone and the metadata time as date_joined', async function () {
    const models = await given([realmCreated, userCreated(7, 'ophelia@example.com', 'Europe/Copenhagen')]);
    expect(await models.users.all()).to.deep.equal([
      { ...freshUser(7, 'ophelia@example.com', 2, { ...REALM_DEFAULTS, timezone: 'Europe/Copenhagen' }), timezone: 'Europe/Copenhagen' },
    ]);
    expect(await models.users.findOne('email', 'ophelia@example.com')).to.have.property('user_id', 7);
  });

  it('given UserCreated with no organization yet, uses the built-in defaults', async function () {
    const models = await given([userCreated(7, 'ophelia@example.com')]);
    expect(await models.users.all()).to.deep.equal([freshUser(7, 'ophelia@example.com', 1, { ...DEFAULT_USER_SETTINGS })]);
  });

  it('given renames, role changes, a new password and a new API key, holds the latest of each', async function () {
    const models = await given([
      realmCreated,
      userCreated(7, 'o@example.com'),
      { type: 'UserRenamed', data: { user_id: 7, full_name: 'Ophelia' } },
      { type: 'UserRoleChanged', data: { user_id: 7, role: Role.Moderator, previous_role: Role.Member } },
      { type: 'UserRenamed', data: { user_id: 7, full_name: 'Lady Ophelia' } },
      { type: 'UserPasswordChanged', data: { user_id: 7, password_hash: 'scrypt$second' } },
      { type: 'UserApiKeyRotated', data: { user_id: 7, api_key_generation: 2 } },
    ]);
    expect(await models.users.all()).to.deep.equal([
      { ...freshUser(7, 'o@example.com', 2), full_name: 'Lady Ophelia', role: Role.Moderator, password_hash: 'scrypt$second', api_key_generation: 2 },
    ]);
  });

  it('given UserProfileDataChanged, sets values by field id and clears a field on null', async function () {
    const models = await given([
      realmCreated,
      userCreated(7, 'o@example.com'),
      { type: 'UserProfileDataChanged', data: { user_id: 7, fields: [{ id: 1, value: 'Denmark' }, { id: 2, value: 'Flowers' }] } },
      { type: 'UserProfileDataChanged', data: { user_id: 7, fields: [{ id: 1, value: null }, { id: 3, value: 'x' }] } },
    ]);
    expect((await models.users.get(7))?.profile_data).to.deep.equal({ '2': 'Flowers', '3': 'x' });
  });

  it('given UserSettingsChanged with a time zone, updates both settings.timezone and timezone and keeps other settings', async function () {
    const models = await given([
      realmCreated,
      userCreated(7, 'o@example.com'),
      { type: 'UserSettingsChanged', data: { user_id: 7, changes: { timezone: 'Asia/Tokyo', enter_sends: true } } },
      { type: 'UserSettingsChanged', data: { user_id: 7, changes: { emojiset: 'text' } } },
    ]);
    expect(await models.users.all()).to.deep.equal([
      {
        ...freshUser(7, 'o@example.com', 2),
        timezone: 'Asia/Tokyo',
        settings: { ...REALM_DEFAULTS, timezone: 'Asia/Tokyo', enter_sends: true, emojiset: 'text' },
      },
    ]);
  });

  describe('given an address change', function () {
    const requested: DomainEvent = {
      type: 'UserEmailChangeRequested',
      data: { user_id: 7, new_email: 'new@example.com', token_digest: 'cd'.repeat(32), expires_at: T0 + 86_400_000 },
    };

    it('holds the pending request after UserEmailChangeRequested, under the old address', async function () {
      const models = await given([realmCreated, userCreated(7, 'old@example.com'), requested]);
      expect(await models.users.findOne('email', 'old@example.com')).to.deep.equal({
        ...freshUser(7, 'old@example.com', 2),
        pending_email_change: { new_email: 'new@example.com', token_digest: 'cd'.repeat(32), expires_at: T0 + 86_400_000 },
      });
      expect(await models.users.findOne('email', 'new@example.com')).to.equal(undefined);
    });

    it('after UserEmailChanged, holds the new address, no pending request, and finds the user only by the new address', async function () {
      const models = await given([
        realmCreated,
        userCreated(7, 'old@example.com'),
        requested,
        { type: 'UserEmailChanged', data: { user_id: 7, email: 'new@example.com', previous_email: 'old@example.com' } },
      ]);
      expect(await models.users.all()).to.deep.equal([freshUser(7, 'new@example.com', 2)]);
      expect(await models.users.findOne('email', 'old@example.com')).to.equal(undefined);
      expect(await models.users.findOne('email', 'new@example.com')).to.deep.equal(freshUser(7, 'new@example.com', 2));
    });

    it('lets another user take the old address afterwards', async function () {
      const models = await given([
        realmCreated,
        userCreated(7, 'old@example.com'),
        { type: 'UserEmailChanged', data: { user_id: 7, email: 'new@example.com', previous_email: 'old@example.com' } },
        userCreated(8, 'old@example.com'),
      ]);
      expect(await models.users.findOne('email', 'old@example.com')).to.have.property('user_id', 8);
      expect(await models.users.findOne('email', 'new@example.com')).to.have.property('user_id', 7);
    });
  });

  it('given changes to a user it never saw created, holds no document for them', async function () {
    const models = await given([
      realmCreated,
      userCreated(7, 'o@example.com'),
      { type: 'UserRenamed', data: { user_id: 99, full_name: 'Ghost' } },
      { type: 'UserSettingsChanged', data: { user_id: 99, changes: { enter_sends: true } } },
    ]);
    expect(await models.users.all()).to.deep.equal([freshUser(7, 'o@example.com', 2)]);
  });

  it('given claim and id events, changes no user', async function () {
    const models = await given([
      realmCreated,
      userCreated(7, 'o@example.com'),
      { type: 'KeyReleased', data: { kind: 'email', owner_id: 7 } },
      { type: 'IdBlockReserved', data: { kind: 'user', first: 1, last: 50 } },
    ]);
    expect(await models.users.all()).to.deep.equal([freshUser(7, 'o@example.com', 2)]);
  });
});
