import { expect } from 'chai';
import { REALM_GROUP_SETTING_NAMES } from '@chat/core';
import type { ApiClient } from '../../support/api-client.js';
import { applyEvents } from '../../support/apply-events.js';
import type { ReceivedEvent } from '../../support/event-schemas.js';
import { messageHistory, type MessageHistoryIds } from '../../support/message-history-script.js';
import { drain, ofType, type Queue, registerQueue } from '../../support/realtime-client.js';
import { expectSuccess } from '../../support/response-assertions.js';
import { startServerOn, storeVariants } from '../../support/store-variants.js';
import type { TestServer } from '../../support/test-server.js';

/** Sections a client keeps current from this feature's events, and the own and realm fields they touch. */
const COMPARED = [
  'realm_users',
  'user_settings',
  'custom_profile_fields',
  'channel_folders',
  'subscriptions',
  'unsubscribed',
  'never_subscribed',
  'streams',
  'realm_default_streams',
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
  'realm_name',
  'realm_description',
  'realm_topics_policy',
  'realm_mandatory_topics',
  'realm_message_retention_days',
  'realm_message_edit_history_visibility_policy',
  'realm_allow_edit_history',
  'realm_enable_read_receipts',
  ...REALM_GROUP_SETTING_NAMES.map((name) => `realm_${name}`),
  'realm_user_groups',
  'twenty_four_hour_time',
  'default_language',
  'timezone',
  'enable_sounds',
  'alert_words',
  'user_topics',
  'muted_topics',
  'starred_messages',
  'user_status',
  'muted_users',
  'unread_msgs',
  'recent_private_conversations',
  'max_message_id',
  'realm_emoji',
  'realm_linkifiers',
  'realm_filters',
  'realm_playgrounds',
];

const pick = (state: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(COMPARED.filter((key) => key in state).map((key) => [key, state[key]]));

interface Viewer {
  label: string;
  client: () => ApiClient;
  params: Record<string, unknown>;
}

for (const variant of storeVariants()) {
describe(`realtime: old snapshot + events == fresh snapshot (${variant.label})`, function () {
  this.timeout(120_000);
  let server: TestServer, member: ApiClient;

  before(async () => {
    ({ server, member } = await startServerOn(variant, 'member'));
    // Channels every viewer knows, unsubscribed, when their queue starts.
    const oldSquares = [0, 1, 2].map((serial) => ({ name: `Old square ${serial}` }));
    expectSuccess(await server.owner.post('/users/me/subscriptions', { subscriptions: oldSquares }));
  });
  after(() => server.stop());

  /** Drains the queue until it is empty. */
  const everything = async (queue: Queue): Promise<ReceivedEvent[]> => {
    const all: ReceivedEvent[] = [];
    for (let batch = await drain(queue); batch.length > 0; batch = await drain(queue)) all.push(...batch);
    return all;
  };

  /** Changes that emit every client event type of this feature, made by the owner, a new user and the viewer. */
  async function makeChanges(viewer: ApiClient, serial: number): Promise<MessageHistoryIds> {
    const owner = server.owner;
    // A default channel, made before the newcomer arrives, so that they join it.
    expectSuccess(await owner.post('/users/me/subscriptions', { subscriptions: [{ name: `Welcome ${serial}` }], is_default_stream: true }));
    const email = `newbie-${serial}@test.example`;
    const password = `newbie-password-${serial}`;
    const created = expectSuccess(await owner.post('/users', { email, password, full_name: `Newbie ${serial}` }));
    const newbieId = created.user_id as number;
    const newbie = await server.anonymous.login(email, password);
    expectSuccess(await owner.patch(`/users/${newbieId}`, { full_name: `Newbie Renamed ${serial}` }));
    expectSuccess(await owner.patch(`/users/${newbieId}`, { role: 300 }));
    const field = expectSuccess(await owner.post('/realm/profile_fields', { name: `Team ${serial}`, hint: 'Where you work', field_type: 1 }));
    const fieldId = field.id as number;
    expectSuccess(await owner.patch(`/users/${newbieId}`, { profile_data: [{ id: fieldId, value: 'Platform' }] }));
    expectSuccess(await owner.patch(`/users/${viewer.userId}`, { profile_data: [{ id: fieldId, value: 'Mobile' }] }));
    expectSuccess(await owner.patch(`/users/${viewer.userId}`, { profile_data: [{ id: fieldId, value: null }] }));
    if (viewer.userId !== owner.userId) {
      expectSuccess(await owner.patch(`/users/${viewer.userId}`, { full_name: `Viewer Renamed ${serial}` }));
      expectSuccess(await owner.patch(`/users/${viewer.userId}`, { role: 300 }));
    }
    expectSuccess(await viewer.patch('/settings', { timezone: 'America/New_York', default_language: 'fr', twenty_four_hour_time: true }));
    expectSuccess(await viewer.patch('/settings/notifications', { enable_sounds: false }));
    expectSuccess(await newbie.patch('/settings', { timezone: 'Asia/Seoul' }));
    expectSuccess(await newbie.patch('/settings', { email_address_visibility: 3 }));
    expectSuccess(await member.patch('/settings', { email_address_visibility: serial % 2 === 0 ? 1 : 4 }));
    await changeOrganization(viewer, serial);
    const folder = expectSuccess(await owner.post('/channel_folders/create', { name: `Folder ${serial}`, description: 'Some *words*' }));
    const folderId = folder.channel_folder_id as number;
    expectSuccess(await owner.patch(`/channel_folders/${folderId}`, { name: `Folder ${serial} renamed`, description: 'Other words' }));
    const archived = expectSuccess(await owner.post('/channel_folders/create', { name: `Shelf ${serial}`, description: '' }));
    expectSuccess(await owner.patch(`/channel_folders/${archived.channel_folder_id as number}`, { is_archived: true }));
    const listed = expectSuccess(await owner.get('/channel_folders', { include_archived: true }));
    expectSuccess(await owner.patch('/channel_folders', { order: (listed.channel_folders as { id: number }[]).map((each) => each.id).reverse() }));
    await changeSubscriptions(viewer, serial, newbieId, email);
    await changeChannels(viewer, serial, folderId);
    await changePersonal(viewer, serial);
    return messageHistory({ owner, viewer, member, newbie }, serial);
  }

  /** Organization profile, settings and group permissions, and a user group's permissions. */
  async function changeOrganization(viewer: ApiClient, serial: number): Promise<void> {
    const owner = server.owner;
    const groups = expectSuccess(await owner.get('/user_groups')).user_groups as { id: number; name: string }[];
    const idOf = (name: string): number => groups.find((group) => group.name === name)!.id;
    expectSuccess(await owner.patch('/realm', { name: `Org ${serial}`, description: `Round <${serial}>`, message_content_edit_limit_seconds: 900 + serial }));
    expectSuccess(await owner.patch('/realm', { topics_policy: serial % 2 === 0 ? 'disable_empty_topic' : 'allow_empty_topic', message_retention_days: 30 + serial }));
    expectSuccess(await owner.patch('/realm', { message_edit_history_visibility_policy: ['none', 'moves', 'all'][serial % 3], enable_read_receipts: serial % 2 === 1 }));
    // Channels the server posts to: later channels are announced in the first (messages from the bot).
    expectSuccess(await owner.post('/users/me/subscriptions', { subscriptions: [{ name: `Notices ${serial}` }] }));
    expectSuccess(await owner.post('/users/me/subscriptions', { subscriptions: [{ name: `Reports ${serial}` }], invite_only: true }));
    const channelId = async (name: string): Promise<number> => expectSuccess(await owner.get('/get_stream_id', { stream: name })).stream_id as number;
    expectSuccess(await owner.patch('/realm', { new_stream_announcements_stream_id: await channelId(`Notices ${serial}`), moderation_request_channel_id: await channelId(`Reports ${serial}`) }));
    expectSuccess(await owner.patch('/realm', {
        can_create_groups: { new: serial % 2 === 0 ? idOf('role:moderators') : idOf('role:members') },
        can_mention_many_users_group: { new: { direct_members: [viewer.userId], direct_subgroups: [idOf('role:moderators')] } },
      }));
    const team = expectSuccess(await owner.post('/user_groups/create', { name: `Team ${serial}`, description: '', members: [viewer.userId] })).group_id as number;
    expectSuccess(await owner.patch(`/user_groups/${team}`, { can_mention_group: { new: idOf('role:administrators') }, can_join_group: { new: { direct_members: [member.userId], direct_subgroups: [] } } }));
  }

  /** The viewer's alert words, and their visibility policies for topics (set, replaced, removed; the empty topic). */
  async function changePersonal(viewer: ApiClient, serial: number): Promise<void> {
    expectSuccess(await viewer.post('/users/me/alert_words', { alert_words: [`deploy ${serial}`, 'outage', 'Pager'] }));
    expectSuccess(await viewer.delete('/users/me/alert_words', { alert_words: ['OUTAGE'] }));
    await changeStatuses(viewer, serial);
    const plaza = expectSuccess(await viewer.get('/get_stream_id', { stream: `Plaza ${serial}` })).stream_id as number;
    for (const [topic, policy] of [['lunch', 1], ['Lunch', 3], ['(no topic)', 2], ['plans', 1], ['plans', 0], ['zebra', 1]] as const) {
      expectSuccess(await viewer.post('/user_topics', { stream_id: plaza, topic, visibility_policy: policy }));
    }
  }

  /** Statuses of the viewer and of others (set, changed in part, cleared; away and back), and users the viewer mutes. */
  async function changeStatuses(viewer: ApiClient, serial: number): Promise<void> {
    expectSuccess(await viewer.post('/users/me/status', { status_text: `round ${serial}`, emoji_name: 'car' }));
    expectSuccess(await viewer.post('/users/me/status', { emoji_name: '' }));
    expectSuccess(await member.post('/users/me/status', { away: serial % 2 === 0, status_text: 'lunch', emoji_name: 'octopus' }));
    expectSuccess(await member.post('/users/me/status', { away: serial % 2 !== 0, status_text: '' }));
    expectSuccess(await server.owner.post(`/users/${member.userId}/status`, { status_text: `set by the owner ${serial}` }));
    const others = [server.owner, member].filter((client) => client.userId !== viewer.userId);
    // The member is the viewer of two rounds: the first round's mute is undone before muting again.
    if (serial > 1) {
      expectSuccess(await viewer.delete(`/users/me/muted_users/${others[0].userId}`));
      server.clock.advance(1000);
    }
    expectSuccess(await viewer.post(`/users/me/muted_users/${others[0].userId}`));
    expectSuccess(await viewer.post('/users/me/muted_users/2'));
    expectSuccess(await viewer.delete('/users/me/muted_users/2'));
  }

  /** Channel properties and permissions, privacy, default channels, archiving, and the viewer's own subscription properties. */
  async function changeChannels(viewer: ApiClient, serial: number, folderId: number): Promise<void> {
    const owner = server.owner;
    const [board, notice, attic, shed] = [`Board ${serial}`, `Notice ${serial}`, `Attic ${serial}`, `Shed ${serial}`];
    expectSuccess(await owner.post('/users/me/subscriptions', { subscriptions: [{ name: board }, { name: attic }], principals: [owner.userId, viewer.userId] }));
    expectSuccess(await owner.post('/users/me/subscriptions', { subscriptions: [{ name: notice }, { name: shed }] }));
    const idOf = async (name: string): Promise<number> => expectSuccess(await owner.get('/get_stream_id', { stream: name })).stream_id as number;
    const [boardId, noticeId, atticId, shedId] = [await idOf(board), await idOf(notice), await idOf(attic), await idOf(shed)];
    const groups = expectSuccess(await owner.get('/user_groups')).user_groups as { id: number; name: string }[];
    const administrators = groups.find((group) => group.name === 'role:administrators')?.id;
    expectSuccess(await owner.patch(`/streams/${boardId}`, {
        new_name: `${board} renamed`,
        description: 'Pinned *notes*',
        topics_policy: 'disable_empty_topic',
        folder_id: folderId,
        message_retention_days: 30,
        can_send_message_group: { new: administrators },
      }));
    expectSuccess(await owner.patch(`/streams/${boardId}`, { is_private: true, history_public_to_subscribers: false }));
    expectSuccess(await owner.patch(`/streams/${boardId}`, { is_private: false }));
    expectSuccess(await owner.patch(`/streams/${noticeId}`, { description: 'For everyone', is_default_stream: true }));
    expectSuccess(await owner.delete('/default_streams', { stream_id: noticeId }));
    // A viewer who is no administrator loses sight of a channel made private that they are not in.
    expectSuccess(await owner.patch(`/streams/${noticeId}`, { is_private: true }));
    expectSuccess(await owner.delete(`/streams/${atticId}`));
    expectSuccess(await owner.patch(`/streams/${atticId}`, { is_archived: false, description: 'Dusted' }));
    expectSuccess(await owner.delete(`/streams/${shedId}`));
    expectSuccess(await viewer.post('/users/me/subscriptions/properties', {
        subscription_data: [
          { stream_id: boardId, property: 'color', value: '#123abc' },
          { stream_id: boardId, property: 'in_home_view', value: false },
          { stream_id: boardId, property: 'pin_to_top', value: true },
          { stream_id: boardId, property: 'desktop_notifications', value: true },
        ],
      }));
  }

  /** Channels created public and private, joined, left and joined again, by the viewer and for others. */
  async function changeSubscriptions(viewer: ApiClient, serial: number, newbieId: number, newbieEmail: string): Promise<void> {
    const owner = server.owner;
    const join = async (client: ApiClient, names: string[], params: Record<string, unknown> = {}) =>
      expectSuccess(await client.post('/users/me/subscriptions', { subscriptions: names.map((name) => ({ name, description: `About *${name}*` })), ...params }));
    const leave = async (client: ApiClient, names: string[], params: Record<string, unknown> = {}) =>
      expectSuccess(await client.delete('/users/me/subscriptions', { subscriptions: names, ...params }));
    const [plaza, square, vault, hidden] = [`Plaza ${serial}`, `Old square ${serial}`, `Vault ${serial}`, `Hidden ${serial}`];
    await join(owner, [plaza]);
    await join(viewer, [plaza, square]);
    await join(owner, [plaza], { principals: [member.userId, newbieEmail] });
    await leave(viewer, [plaza]);
    await leave(owner, [plaza], { principals: [newbieId] });
    await join(viewer, [plaza]);
    await leave(viewer, [square]);
    // The viewer leaves a private channel (and loses sight of it unless an administrator).
    await join(owner, [vault], { invite_only: true, principals: [viewer.userId, member.userId] });
    await leave(viewer, [vault]);
    // A private channel the viewer is never in: only administrators hear of it.
    await join(owner, [hidden], { invite_only: true, principals: [newbieId] });
    await leave(owner, [hidden], { principals: [newbieId] });
  }

  const viewers: Viewer[] = [
    {
      label: 'the owner, modern client',
      client: () => server.owner,
      params: { client_capabilities: { user_settings_object: true, archived_channels: true, bulk_message_deletion: true, empty_topic_name: true }, include_subscribers: true },
    },
    {
      label: 'a member, modern client',
      client: () => member,
      params: { client_capabilities: { user_settings_object: true, bulk_message_deletion: true }, include_subscribers: 'partial' },
    },
    { label: 'a member, legacy client with client_gravatar=false (one delete_message per message)', client: () => member, params: { client_gravatar: false } },
  ];

  viewers.forEach((viewer, index) => {
    it(`applying the events to the old snapshot gives the fresh one: ${viewer.label}`, async () => {
      const client = viewer.client();
      const queue = await registerQueue(client, viewer.params);
      const old = structuredClone(queue.state);
      const ids = await makeChanges(client, index);
      const events = await everything(queue);
      const types = new Set(events.map((event) => (event.op ? `${event.type}.${event.op}` : event.type)));
      const channelTypes = ['stream.create', 'stream.update', 'subscription.add', 'subscription.remove', 'subscription.update', 'subscription.peer_add', 'subscription.peer_remove', 'default_streams'];
      // Only a viewer who is no administrator loses sight of the private channel they leave.
      if (client.userId !== server.owner.userId) channelTypes.push('stream.delete');
      const messageTypes = ['message', 'update_message', 'update_message_flags.add', 'update_message_flags.remove', 'reaction.add', 'reaction.remove', 'delete_message'];
      for (const type of ['realm_user.add', 'realm_user.update', 'user_settings.update', 'custom_profile_fields', 'realm.update_dict', 'realm.update', 'user_group.add', 'user_group.update', 'channel_folder.add', 'channel_folder.update', 'channel_folder.reorder', 'alert_words', 'user_topic', 'muted_topics', 'user_status', 'muted_users', ...channelTypes, ...messageTypes]) {
        expect(types, `events include ${type}`).to.include(type);
      }
      expectDeletions(client, viewer, ofType(events, 'delete_message'), ids);
      const includeSubscribers = viewer.params.include_subscribers !== undefined;
      const updated = applyEvents(old, events, { clientGravatar: viewer.params.client_gravatar !== false, includeSubscribers, viewerId: client.userId });
      const fresh = (await registerQueue(client, viewer.params)).state;
      expect(pick(updated)).to.deep.equal(pick(fresh));
      // The comparison is not vacuous: the changes did change the snapshot.
      expect(pick(old)).to.not.deep.equal(pick(fresh));
      for (const section of ['unread_msgs', 'recent_private_conversations', 'max_message_id', 'muted_topics', 'starred_messages', 'user_status', 'muted_users']) expect(old[section], section).to.not.deep.equal(fresh[section]);
    });
  });

  /**
   * The deletions reach the viewer in the shape their queue asked for, and the member, who is not in
   * the private channels, hears of the moves into them as deletions (the owner as moves).
   */
  function expectDeletions(client: ApiClient, viewer: Viewer, deletions: ReceivedEvent[], ids: MessageHistoryIds): void {
    const bulk = (viewer.params.client_capabilities as Record<string, unknown> | undefined)?.bulk_message_deletion === true;
    for (const event of deletions) expect(event, JSON.stringify(event)).to.have.property(bulk ? 'message_ids' : 'message_id');
    const deletedIds = deletions.flatMap((event) => (event.message_ids ?? [event.message_id]) as number[]);
    const lost = [...ids.secret, ...ids.corner];
    if (client.userId === server.owner.userId) {
      expect(deletedIds).to.include.members([...ids.deleted, ids.deletedInArchive]);
      for (const id of lost) expect(deletedIds).to.not.include(id);
    } else {
      expect(deletedIds).to.include.members([...lost, ...ids.deleted]);
      expect(deletedIds).to.not.include(ids.deletedInArchive);
    }
  }
});
}
