import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { DEFAULT_REALM_SETTINGS, DEFAULT_USER_SETTINGS, type DomainEvent, ManualClock, Role, type RoleValue, type StoredEvent, streams } from '@chat/core';
import { type EventStore, EventSchemaRegistry, SqliteEventStore, ValidatingEventStore } from '@chat/eventstore';
import { MemoryReadStore } from '@chat/readstore';
import { openReadModels, type Projection, ProjectionRunner, READ_MODELS_CHECKPOINT } from '@chat/projections';
import { allProjections } from '../../../services/api/src/features/all-features.js';
import { snapshot } from '../../support/read-model-fixture.js';
import { metadataAt, T0 } from '../../support/stored-events.js';

const hash = (tag: string) => `scrypt$16384$8$1$${tag}$${tag}`;

const userCreated = (user_id: number, email: string, role: RoleValue): DomainEvent => ({
  type: 'UserCreated',
  data: {
    user_id, email, full_name: `User ${user_id}`, role, password_hash: hash(`u${user_id}`), is_bot: false, bot_type: null,
    bot_owner_id: null, timezone: '', api_key_generation: 1, can_change_user_emails: role === Role.Owner,
  },
});

/** Appends like the command bus: one request per call, expected revision from the stream, metadata valid per its schema. */
class History {
  private requests = 0;
  constructor(private readonly store: EventStore, private readonly clock: ManualClock) {}

  async append(stream: string, ...events: DomainEvent[]): Promise<number> {
    this.clock.advance(1000);
    const request_id = `req-${++this.requests}`;
    const metadata = { ...metadataAt(this.clock.now(), request_id), actor_id: 1 };
    const expected = (await this.store.streamRevision(stream)) ?? 'no_stream';
    const items = events.map((event, i) => ({ id: `${request_id}-${i}`, event, metadata }));
    return (await this.store.append(stream, items, expected)).position;
  }

  async createUser(user_id: number, email: string, role: RoleValue = Role.Member): Promise<void> {
    await this.append(streams.claim('email', email), { type: 'KeyClaimed', data: { kind: 'email', owner_id: user_id } });
    await this.append(streams.user(user_id), userCreated(user_id, email, role));
  }
}

async function script(history: History): Promise<void> {
  await history.append(streams.realm(), {
    type: 'RealmCreated',
    data: { name: 'Elsinore', description: '', settings: { ...DEFAULT_REALM_SETTINGS }, user_settings_defaults: { ...DEFAULT_USER_SETTINGS } },
  });
  await history.createUser(1, 'owner@example.com', Role.Owner);
  await history.createUser(2, 'hamlet@example.com');
  await history.createUser(3, 'ophelia@example.com', Role.Guest);
  await history.append(streams.realm(), { type: 'CustomProfileFieldCreated', data: { field_id: 1, name: 'Country', hint: '', field_type: 1, order: 0 } });
  await history.append(streams.realm(), { type: 'RealmSettingsChanged', data: { changes: { name_changes_disabled: true, message_content_edit_limit_seconds: null } } });
  await history.createUser(4, 'polonius@example.com');
  await history.append(streams.user(2), { type: 'UserRenamed', data: { user_id: 2, full_name: 'Prince Hamlet' } });
  await history.append(streams.user(2), { type: 'UserRoleChanged', data: { user_id: 2, role: Role.Administrator, previous_role: Role.Member } });
  await history.append(streams.user(3), { type: 'UserRoleChanged', data: { user_id: 3, role: Role.Member, previous_role: Role.Guest } });
  await history.append(streams.user(3), { type: 'UserSettingsChanged', data: { user_id: 3, changes: { timezone: 'Europe/Copenhagen', enter_sends: true } } });
  await history.append(streams.user(3), { type: 'UserProfileDataChanged', data: { user_id: 3, fields: [{ id: 1, value: 'Denmark' }] } });
  await history.append(streams.user(4), { type: 'UserProfileDataChanged', data: { user_id: 4, fields: [{ id: 1, value: 'Norway' }] } });
  await history.append(streams.user(4), { type: 'UserProfileDataChanged', data: { user_id: 4, fields: [{ id: 1, value: null }] } });
  await history.append(streams.user(2), {
    type: 'UserEmailChangeRequested',
    data: { user_id: 2, new_email: 'prince@example.com', token_digest: 'e3'.repeat(32), expires_at: T0 + 86_400_000 },
  });
  await history.append(streams.claim('email', 'prince@example.com'), { type: 'KeyClaimed', data: { kind: 'email', owner_id: 2 } });
  await history.append(streams.claim('email', 'hamlet@example.com'), { type: 'KeyReleased', data: { kind: 'email', owner_id: 2 } });
  await history.append(streams.user(2), { type: 'UserEmailChanged', data: { user_id: 2, email: 'prince@example.com', previous_email: 'hamlet@example.com' } });
  await history.append(streams.user(4), { type: 'UserPasswordChanged', data: { user_id: 4, password_hash: hash('new4') } });
  await history.append(streams.user(1), { type: 'UserApiKeyRotated', data: { user_id: 1, api_key_generation: 2 } });
  await history.append(streams.user(1), { type: 'UserSettingsChanged', data: { user_id: 1, changes: { default_language: 'fr', twenty_four_hour_time: true } } });
  await history.append(streams.realm(), { type: 'RealmProfileChanged', data: { changes: { name: 'Denmark', description: 'Something is rotten' } } });
}

const recorder = (seen: number[]): Projection => ({ name: 'recorder', handles: 'every', apply: async (event: StoredEvent) => void seen.push(event.position) });

describe('read models: rebuilding from the log equals following it live', function () {
  let directory: string;
  let store: EventStore;
  let liveStore: MemoryReadStore;
  let live: ProjectionRunner;
  let head: number;

  before(async function () {
    directory = mkdtempSync(join(tmpdir(), 'chat-rebuild-'));
    store = new ValidatingEventStore(new SqliteEventStore(join(directory, 'events.sqlite')), new EventSchemaRegistry());
    liveStore = new MemoryReadStore();
    live = new ProjectionRunner(store, allProjections(openReadModels(liveStore)), liveStore.checkpoints);
    await live.start();
    await script(new History(store, new ManualClock(T0)));
    head = await store.headPosition();
    await live.waitFor(head);
  });

  after(async function () {
    await live.stop();
    await store.close();
    rmSync(directory, { recursive: true, force: true });
  });

  it('given the scripted history, the live models hold what it says', async function () {
    const models = await snapshot(openReadModels(liveStore));
    expect(head).to.equal(26);
    expect(models.users.map((u) => [u.user_id, u.email, u.full_name, u.role])).to.deep.equal([
      [1, 'owner@example.com', 'User 1', Role.Owner],
      [2, 'prince@example.com', 'Prince Hamlet', Role.Administrator],
      [3, 'ophelia@example.com', 'User 3', Role.Member],
      [4, 'polonius@example.com', 'User 4', Role.Member],
    ]);
    expect(models.users.map((u) => u.profile_data)).to.deep.equal([{}, {}, { '1': 'Denmark' }, {}]);
    expect(models.users[2]).to.include({ timezone: 'Europe/Copenhagen' });
    expect(models.users[0].settings).to.include({ default_language: 'fr', twenty_four_hour_time: true });
    expect(models.realm[0].settings).to.include({ name_changes_disabled: true, message_content_edit_limit_seconds: null });
    expect(models.realm[0]).to.include({ name: 'Denmark', description: 'Something is rotten' });
    expect(await liveStore.checkpoints.get(READ_MODELS_CHECKPOINT)).to.equal(head);
  });

  it('when a fresh runner rebuilds from position 0, its models deep-equal the live ones', async function () {
    const rebuiltStore = new MemoryReadStore();
    const rebuilt = new ProjectionRunner(store, allProjections(openReadModels(rebuiltStore)), rebuiltStore.checkpoints);
    await rebuilt.start();
    await rebuilt.stop();
    expect(rebuilt.position).to.equal(head);
    expect(await snapshot(openReadModels(rebuiltStore))).to.deep.equal(await snapshot(openReadModels(liveStore)));
    expect(await openReadModels(rebuiltStore).users.findOne('email', 'hamlet@example.com')).to.equal(undefined);
  });

  it('when a runner starts from a checkpoint N, it applies only the events after N', async function () {
    const checkpoint = 12;
    const readStore = new MemoryReadStore();
    await readStore.checkpoints.set(READ_MODELS_CHECKPOINT, checkpoint);
    const seen: number[] = [];
    const runner = new ProjectionRunner(store, [recorder(seen)], readStore.checkpoints);
    await runner.start();
    await runner.stop();
    expect(seen).to.deep.equal(Array.from({ length: head - checkpoint }, (_, i) => checkpoint + 1 + i));
    expect(await readStore.checkpoints.get(READ_MODELS_CHECKPOINT)).to.equal(head);
  });

  it('when the store delivers the whole log again, the runner still skips events at or below its checkpoint', async function () {
    const checkpoint = 19;
    const redelivering: EventStore = Object.assign(Object.create(store) as EventStore, {
      subscribe: (_from: number, listener: (events: readonly StoredEvent[]) => void) => store.subscribe(0, listener),
    });
    const readStore = new MemoryReadStore();
    await readStore.checkpoints.set(READ_MODELS_CHECKPOINT, checkpoint);
    const seen: number[] = [];
    const runner = new ProjectionRunner(redelivering, [recorder(seen)], readStore.checkpoints);
    await runner.start();
    await runner.stop();
    expect(seen).to.deep.equal(Array.from({ length: head - checkpoint }, (_, i) => checkpoint + 1 + i));
  });
});
