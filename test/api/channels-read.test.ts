import { expect } from 'chai';
import type { ApiClient } from '../support/api-client.js';
import { createChannels, mySubscriptions, subscribe } from '../support/channel-requests.js';
import { systemGroupIds } from '../support/group-requests.js';
import { type JsonObject, numberField, objectsField } from '../support/json-fields.js';
import { expectFailure, expectSuccess } from '../support/response-assertions.js';
import { startServerWith } from '../support/server-with-people.js';
import type { TestServer } from '../support/test-server.js';

/** The fields of a channel record (GET /streams, register's streams, stream create), in no order. */
const CHANNEL_FIELDS = [
  'stream_id', 'name', 'description', 'rendered_description', 'date_created', 'creator_id', 'invite_only', 'is_web_public',
  'is_archived', 'stream_post_policy', 'is_announcement_only', 'message_retention_days', 'history_public_to_subscribers',
  'topics_policy', 'first_message_id', 'folder_id', 'is_recently_active', 'stream_weekly_traffic', 'subscriber_count',
  'can_add_subscribers_group', 'can_remove_subscribers_group', 'can_administer_channel_group', 'can_delete_any_message_group',
  'can_delete_own_message_group', 'can_move_messages_out_of_channel_group', 'can_move_messages_within_channel_group',
  'can_send_message_group', 'can_subscribe_group', 'can_resolve_topics_group',
];

describe('channels API: reading channels and subscriptions', function () {
  let server: TestServer, admin: ApiClient, member: ApiClient, guest: ApiClient;
  let sys: Record<string, number>;
  let created: number;
  let square: number;
  let den: number;
  let vault: number;
  let welcome: number;
  let door: number;
  /** The notification bot's notice that starts 'town square'. */
  let squareNotice: number;

  before(async function () {
    ({ server, admin, member, guest } = await startServerWith('admin', 'member', 'guest'));
    sys = await systemGroupIds(server.owner);
    server.clock.advance(3_600_000);
    created = Math.floor(server.clock.now() / 1000);
    [square] = await createChannels(server.owner, ['town square'], { subscriptions: [{ name: 'town square', description: 'Everyone *here*' }] });
    expectSuccess(await subscribe(server.owner, ['town square'], { principals: [guest.userId] }));
    [den] = await createChannels(member, ['member den'], { invite_only: true });
    [vault] = await createChannels(admin, ['admin vault'], { invite_only: true, can_send_message_group: sys['role:administrators'] });
    [welcome] = await createChannels(admin, ['welcome'], { is_default_stream: true });
    [door] = await createChannels(server.owner, ['open door'], { invite_only: true, can_subscribe_group: sys['role:members'] });
    const narrow = JSON.stringify([{ operator: 'channel', operand: square }]);
    [{ id: squareNotice }] = expectSuccess(await server.owner.get('/messages', { anchor: 'oldest', num_before: 0, num_after: 1, narrow })).messages as { id: number }[];
  });
  after(() => server.stop());

  const streams = async (client: ApiClient, params: Record<string, unknown> = {}): Promise<JsonObject[]> =>
    objectsField(expectSuccess(await client.get('/streams', params)), 'streams');
  const ids = async (client: ApiClient, params: Record<string, unknown> = {}): Promise<number[]> => (await streams(client, params)).map((s) => numberField(s, 'stream_id'));
  const NOTHING = { include_public: false, include_subscribed: false };

  describe('GET /users/me/subscriptions', function () {
    const record = () => ({
      stream_id: square,
      name: 'town square',
      description: 'Everyone *here*',
      rendered_description: '<p>Everyone <em>here</em></p>',
      date_created: created,
      creator_id: server.owner.userId,
      invite_only: false,
      is_web_public: false,
      is_archived: false,
      stream_post_policy: 1,
      is_announcement_only: false,
      message_retention_days: null,
      history_public_to_subscribers: true,
      topics_policy: 'inherit',
      first_message_id: squareNotice,
      folder_id: null,
      is_recently_active: true,
      stream_weekly_traffic: null,
      subscriber_count: 2,
      can_add_subscribers_group: sys['role:nobody'],
      can_remove_subscribers_group: sys['role:administrators'],
      can_administer_channel_group: { direct_members: [server.owner.userId], direct_subgroups: [] },
      can_delete_any_message_group: sys['role:nobody'],
      can_delete_own_message_group: sys['role:nobody'],
      can_move_messages_out_of_channel_group: sys['role:nobody'],
      can_move_messages_within_channel_group: sys['role:nobody'],
      can_send_message_group: sys['role:everyone'],
      can_subscribe_group: sys['role:nobody'],
      can_resolve_topics_group: sys['role:nobody'],
      color: '#76ce90',
      pin_to_top: false,
      is_muted: false,
      in_home_view: true,
      desktop_notifications: null,
      email_notifications: null,
      push_notifications: null,
      audible_notifications: null,
      wildcard_mentions_notify: null,
    });

    it('lists every field of the subscription record, without subscribers unless asked', async function () {
      const subs = await mySubscriptions(server.owner);
      expect(subs.map((sub) => sub.name)).to.deep.equal(['town square', 'open door']);
      expect(subs[0]).to.deep.equal(record());
      for (const include of [true, 'true', 'partial']) {
        const [withSubscribers] = await mySubscriptions(server.owner, { include_subscribers: include });
        expect(withSubscribers, String(include)).to.deep.equal({ ...record(), subscribers: [server.owner.userId, guest.userId] });
      }
      expect((await mySubscriptions(server.owner, { include_subscribers: false }))[0]).to.deep.equal(record());
    });

    it('derives the legacy posting fields from can_send_message_group, and private-channel defaults', async function () {
      const [sub] = await mySubscriptions(admin);
      expect(sub).to.include({ stream_id: vault, invite_only: true, history_public_to_subscribers: false, stream_post_policy: 2, is_announcement_only: true });
      expect(sub.color).to.equal('#76ce90');
      expect(sub).to.have.all.keys([...CHANNEL_FIELDS, 'color', 'pin_to_top', 'is_muted', 'in_home_view', 'desktop_notifications', 'email_notifications', 'push_notifications', 'audible_notifications', 'wildcard_mentions_notify']);
    });

    it('gives a user their next palette color in each further channel', async function () {
      expect((await mySubscriptions(admin)).map((sub) => [sub.name, sub.color])).to.deep.equal([['admin vault', '#76ce90'], ['welcome', '#fae589']]);
    });
  });

  describe('GET /streams', function () {
    it('gives a member the public channels and their own subscriptions, each a channel record', async function () {
      expect(await ids(member)).to.deep.equal([square, den, welcome]);
      for (const record of await streams(member)) expect(record).to.have.all.keys(CHANNEL_FIELDS);
      expect(await ids(member, { include_public: false })).to.deep.equal([den]);
      expect(await ids(member, { include_subscribed: false })).to.deep.equal([square, welcome]);
      expect(await ids(member, NOTHING)).to.deep.equal([]);
    });

    it('adds channels whose messages the caller may read with include_can_access_content', async function () {
      expect(await ids(member, { ...NOTHING, include_can_access_content: true })).to.deep.equal([square, den, welcome, door]);
    });

    it('lists default channels with is_default only when include_default is asked for', async function () {
      const defaults = await streams(member, { ...NOTHING, include_default: true });
      expect(defaults.map((s) => [s.stream_id, s.is_default])).to.deep.equal([[welcome, true]]);
      expect((await streams(member, { include_default: true })).map((s) => s.is_default)).to.deep.equal([false, false, true]);
      expect(await ids(member, { ...NOTHING, include_web_public: true })).to.deep.equal([]);
    });

    it('shows a guest only their subscriptions', async function () {
      expect(await ids(guest)).to.deep.equal([square]);
      expect(await ids(guest, { include_public: true, include_all: true, include_default: true })).to.deep.equal([square]);
    });

    it('lists with include_all every channel the caller may know: all of them for administrators', async function () {
      expect(await ids(admin, { include_all: true })).to.deep.equal([square, den, vault, welcome, door]);
      expect(await ids(admin, { include_all_active: true })).to.deep.equal([square, den, vault, welcome, door]);
      expect(await ids(admin)).to.deep.equal([square, vault, welcome]);
      expect(await ids(member, { include_all: true })).to.deep.equal([square, den, welcome, door]);
    });

    it('refuses include_all_active to non-administrators', async function () {
      for (const client of [member, guest]) expectFailure(await client.get('/streams', { include_all_active: true }), 'BAD_REQUEST', 'User not authorized for this query');
    });
  });

  describe('one channel', function () {
    it('GET /streams/{id} answers a visible channel and refuses unknown and invisible ones alike', async function () {
      const body = expectSuccess(await member.get(`/streams/${square}`));
      expect(body.stream).to.deep.equal((await streams(member)).find((s) => s.stream_id === square));
      expect(expectSuccess(await admin.get(`/streams/${den}`)).stream).to.include({ name: 'member den', invite_only: true, subscriber_count: 1 });
      for (const id of [vault, 9999]) expectFailure(await member.get(`/streams/${id}`), 'BAD_REQUEST', 'Invalid channel ID');
      expectFailure(await guest.get(`/streams/${welcome}`), 'BAD_REQUEST', 'Invalid channel ID');
    });

    it('GET /streams/{id}/members lists the subscribers in id order', async function () {
      expect(expectSuccess(await member.get(`/streams/${square}/members`)).subscribers).to.deep.equal([server.owner.userId, guest.userId]);
      expect(expectSuccess(await admin.get(`/streams/${den}/members`)).subscribers).to.deep.equal([member.userId]);
      expectFailure(await member.get(`/streams/${vault}/members`), 'BAD_REQUEST', 'Invalid channel ID');
    });

    it('GET /get_stream_id finds a channel in any letter case, and only a visible one', async function () {
      expect(expectSuccess(await member.get('/get_stream_id', { stream: 'TOWN Square' })).stream_id).to.equal(square);
      expect(await member.get('/get_stream_id', { stream: 'nowhere' })).to.deep.include({ status: 400, body: { result: 'error', code: 'BAD_REQUEST', msg: "Invalid channel name 'nowhere'" } });
      expectFailure(await member.get('/get_stream_id', { stream: 'admin vault' }), 'BAD_REQUEST', "Invalid channel name 'admin vault'");
    });

    it('GET /users/{user_id}/subscriptions/{stream_id} tells whether a user is subscribed', async function () {
      expect(expectSuccess(await member.get(`/users/${guest.userId}/subscriptions/${square}`))).to.deep.equal({ result: 'success', msg: '', is_subscribed: true });
      expect(expectSuccess(await member.get(`/users/${member.userId}/subscriptions/${square}`)).is_subscribed).to.equal(false);
      expectFailure(await member.get(`/users/9999/subscriptions/${square}`), 'BAD_REQUEST', 'No such user');
      expectFailure(await member.get(`/users/${admin.userId}/subscriptions/${vault}`), 'BAD_REQUEST', 'Invalid channel ID');
    });
  });
});
