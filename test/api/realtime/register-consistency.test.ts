import { expect } from 'chai';
import { streams } from '@chat/core';
import type { ApiClient } from '../../support/api-client.js';
import { applyEvents } from '../../support/apply-events.js';
import type { ReceivedEvent } from '../../support/event-schemas.js';
import { drain, type Queue, registerQueue } from '../../support/realtime-client.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';
import { currentRevision } from '../../../services/api/src/commands/expected-revision.js';

/** Sections a client keeps current from this feature's events, and the own and realm fields they touch. */
const COMPARED = [
  'realm_users',
  'user_settings',
  'custom_profile_fields',
  'channel_folders',
  'user_id',
  'email',
  'delivery_email',
  'full_name',
  'role',
  'is_owner',
  'is_admin',
  'is_moderator',
  'is_guest',
  'realm_message_content_edit_limit_seconds',
  'realm_allow_message_editing',
  'twenty_four_hour_time',
  'default_language',
  'timezone',
  'enable_sounds',
];

const pick = (state: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(COMPARED.filter((key) => key in state).map((key) => [key, state[key]]));

interface Viewer {
  label: string;
  client: () => ApiClient;
  params: Record<string, unknown>;
}

describe('realtime: old snapshot + events == fresh snapshot', () => {
  let server: TestServer;
  let member: ApiClient;

  before(async () => {
    server = await startTestServer();
    member = await server.createUser('Mia Member');
  });
  after(() => server.stop());

  const ok = async (pending: Promise<{ status: number; body: Record<string, unknown> }>) => {
    const res = await pending;
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    return res.body;
  };

  /** Drains the queue until it is empty. */
  const everything = async (queue: Queue): Promise<ReceivedEvent[]> => {
    const all: ReceivedEvent[] = [];
    for (let batch = await drain(queue); batch.length > 0; batch = await drain(queue)) all.push(...batch);
    return all;
  };

  /** Changes that emit every client event type of this feature, made by the owner, a new user and the viewer. */
  async function makeChanges(viewer: ApiClient, serial: number): Promise<void> {
    const owner = server.owner;
    const email = `newbie-${serial}@test.example`;
    const password = `newbie-password-${serial}`;
    const created = await ok(owner.post('/users', { email, password, full_name: `Newbie ${serial}` }));
    const newbieId = created.user_id as number;
    const newbie = await server.anonymous.login(email, password);
    await ok(owner.patch(`/users/${newbieId}`, { full_name: `Newbie Renamed ${serial}` }));
    await ok(owner.patch(`/users/${newbieId}`, { role: 300 }));
    const field = await ok(owner.post('/realm/profile_fields', { name: `Team ${serial}`, hint: 'Where you work', field_type: 1 }));
    const fieldId = field.id as number;
    await ok(owner.patch(`/users/${newbieId}`, { profile_data: [{ id: fieldId, value: 'Platform' }] }));
    await ok(owner.patch(`/users/${viewer.userId}`, { profile_data: [{ id: fieldId, value: 'Mobile' }] }));
    await ok(owner.patch(`/users/${viewer.userId}`, { profile_data: [{ id: fieldId, value: null }] }));
    if (viewer.userId !== owner.userId) {
      await ok(owner.patch(`/users/${viewer.userId}`, { full_name: `Viewer Renamed ${serial}` }));
      await ok(owner.patch(`/users/${viewer.userId}`, { role: 300 }));
    }
    await ok(viewer.patch('/settings', { timezone: 'America/New_York', default_language: 'fr', twenty_four_hour_time: true }));
    await ok(viewer.patch('/settings/notifications', { enable_sounds: false }));
    await ok(newbie.patch('/settings', { timezone: 'Asia/Seoul' }));
    await ok(newbie.patch('/settings', { email_address_visibility: 3 }));
    await ok(member.patch('/settings', { email_address_visibility: serial % 2 === 0 ? 1 : 4 }));
    // Organization settings have no endpoint yet: the event is recorded as an administrator's would be.
    await server.ctx.bus.commit({ actorId: owner.userId, requestId: `realm-settings-${serial}`, client: 'test' }, [
      {
        stream: streams.realm(),
        expected: await currentRevision(server.ctx.store, streams.realm()),
        events: [{ type: 'RealmSettingsChanged', data: { changes: { message_content_edit_limit_seconds: 900 + serial } } }],
      },
    ]);
    const folder = await ok(owner.post('/channel_folders/create', { name: `Folder ${serial}`, description: 'Some *words*' }));
    const folderId = folder.channel_folder_id as number;
    await ok(owner.patch(`/channel_folders/${folderId}`, { name: `Folder ${serial} renamed`, description: 'Other words' }));
    const archived = await ok(owner.post('/channel_folders/create', { name: `Shelf ${serial}`, description: '' }));
    await ok(owner.patch(`/channel_folders/${archived.channel_folder_id as number}`, { is_archived: true }));
    const listed = await ok(owner.get('/channel_folders', { include_archived: true }));
    await ok(owner.patch('/channel_folders', { order: (listed.channel_folders as { id: number }[]).map((each) => each.id).reverse() }));
  }

  const viewers: Viewer[] = [
    { label: 'the owner, modern client', client: () => server.owner, params: { client_capabilities: { user_settings_object: true } } },
    { label: 'a member, modern client', client: () => member, params: { client_capabilities: { user_settings_object: true } } },
    { label: 'a member, legacy client with client_gravatar=false', client: () => member, params: { client_gravatar: false } },
  ];

  viewers.forEach((viewer, index) => {
    it(`applying the events to the old snapshot gives the fresh one: ${viewer.label}`, async () => {
      const client = viewer.client();
      const queue = await registerQueue(client, viewer.params);
      const old = structuredClone(queue.state);
      await makeChanges(client, index);
      const events = await everything(queue);
      const types = new Set(events.map((event) => (event.op ? `${event.type}.${event.op}` : event.type)));
      for (const type of ['realm_user.add', 'realm_user.update', 'user_settings.update', 'custom_profile_fields', 'realm.update_dict', 'channel_folder.add', 'channel_folder.update', 'channel_folder.reorder']) {
        expect(types, `events include ${type}`).to.include(type);
      }
      const updated = applyEvents(old, events, { clientGravatar: viewer.params.client_gravatar !== false });
      const fresh = (await registerQueue(client, viewer.params)).state;
      expect(pick(updated)).to.deep.equal(pick(fresh));
      // The comparison is not vacuous: the changes did change the snapshot.
      expect(pick(old)).to.not.deep.equal(pick(fresh));
    });
  });
});
