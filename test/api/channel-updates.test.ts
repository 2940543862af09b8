import { expect } from 'chai';
import { CHANNEL_GROUP_SETTING_NAMES } from '@chat/core';
import type { ApiClient, ApiResponse } from '../support/api-client.js';
import { createChannels, expectNothingRecorded, logRowCount, subscribe } from '../support/channel-requests.js';
import { systemGroupIds } from '../support/group-requests.js';
import { type JsonObject, numbersField, objectField, objectsField } from '../support/json-fields.js';
import { registerQueue } from '../support/realtime-client.js';
import { expectExactFailure, expectSuccess } from '../support/response-assertions.js';
import { startServerWith } from '../support/server-with-people.js';
import type { TestServer } from '../support/test-server.js';

const SETTINGS = CHANNEL_GROUP_SETTING_NAMES;

describe('channels API: PATCH /streams/{stream_id}', function () {
  let server: TestServer, admin: ApiClient, member: ApiClient;
  let groups: Record<string, number>;

  before(async function () {
    ({ server, admin, member } = await startServerWith('admin', 'member'));
    groups = await systemGroupIds(server.owner);
  });
  after(() => server.stop());

  const channel = async (id: number, viewer: ApiClient = server.owner): Promise<JsonObject> =>
    objectField(expectSuccess(await viewer.get(`/streams/${id}`)), 'stream');

  /** The request fails with 400 BAD_REQUEST (or `code`) and exactly `msg`, and appends nothing. */
  const refused = (request: () => Promise<ApiResponse>, msg: string, code = 'BAD_REQUEST'): Promise<void> =>
    expectNothingRecorded(server, request, (res) => expectExactFailure(res, code, msg));

  it('changes the description, rendering it', async function () {
    const [id] = await createChannels(admin, ['describe-me']);
    expectSuccess(await admin.patch(`/streams/${id}`, { description: 'About **this**' }));
    expect(await channel(id)).to.include({ description: 'About **this**', rendered_description: '<p>About <strong>this</strong></p>' });
    await refused(() => admin.patch(`/streams/${id}`, { description: 'x'.repeat(1025) }), 'Channel description too long (limit: 1024 characters).');
  });

  it('renames, freeing the old name and refusing a name another channel holds in any case', async function () {
    const [id, otherId] = await createChannels(admin, ['old-name', 'Taken']);
    expectSuccess(await admin.patch(`/streams/${id}`, { new_name: 'new-name' }));
    expect(await channel(id)).to.include({ name: 'new-name' });
    expect(expectSuccess(await admin.get('/get_stream_id', { stream: 'New-Name' })).stream_id).to.equal(id);
    const [reused] = await createChannels(admin, ['old-name']);
    expect(reused).to.not.equal(id);
    await refused(() => admin.patch(`/streams/${id}`, { new_name: 'taken' }), "Channel 'Taken' already exists");
    await refused(() => admin.patch(`/streams/${id}`, { new_name: ' ' }), "Channel name can't be empty.");
    expectSuccess(await admin.patch(`/streams/${otherId}`, { new_name: 'TAKEN' }));
    expect(await channel(otherId)).to.include({ name: 'TAKEN' });
    expectSuccess(await admin.patch(`/streams/${id}`, { new_name: 'Taken-too' }));
    // The renamed channel gave up 'new-name': a new channel may take it.
    expect((await createChannels(admin, ['new-name']))[0]).to.not.equal(id);
  });

  it('changes privacy: private keeps the shared history unless told, public always shares it', async function () {
    const [id] = await createChannels(admin, ['privacy']);
    expectSuccess(await admin.patch(`/streams/${id}`, { is_private: true }));
    expect(await channel(id)).to.include({ invite_only: true, history_public_to_subscribers: true });
    expectSuccess(await admin.patch(`/streams/${id}`, { history_public_to_subscribers: false }));
    expect(await channel(id)).to.include({ invite_only: true, history_public_to_subscribers: false });
    expectSuccess(await admin.patch(`/streams/${id}`, { is_private: false }));
    expect(await channel(id)).to.include({ invite_only: false, history_public_to_subscribers: true });
    await refused(
      () => admin.patch(`/streams/${id}`, { history_public_to_subscribers: false }),
      "Invalid 'history_public_to_subscribers': a public channel's history is always public to its subscribers.",
    );
    await refused(() => admin.patch(`/streams/${id}`, { is_web_public: true }), "Invalid 'is_web_public': web-public channels are not enabled.");
    await refused(() => admin.patch(`/streams/${id}`, { is_private: 'maybe' }), "Argument 'is_private' is not valid JSON.");
  });

  it('lets only the owner change message retention', async function () {
    const [id] = await createChannels(admin, ['retention']);
    for (const [value, stored] of [[30, 30], ['unlimited', -1], ['realm_default', null]] as const) {
      expectSuccess(await server.owner.patch(`/streams/${id}`, { message_retention_days: value }));
      expect((await channel(id)).message_retention_days).to.equal(stored);
    }
    await refused(() => admin.patch(`/streams/${id}`, { message_retention_days: 30 }), "Must be an organization owner to change 'message_retention_days'", 'UNAUTHORIZED_PRINCIPAL');
    await refused(() => server.owner.patch(`/streams/${id}`, { message_retention_days: 'soon' }), "Invalid 'message_retention_days': must be a whole number of days from 1 to 2147483647 or \"unlimited\" or \"realm_default\", not \"soon\"");
  });

  it('sets the topics policy', async function () {
    const [id] = await createChannels(admin, ['topics']);
    for (const policy of ['allow_empty_topic', 'disable_empty_topic', 'empty_topic_only', 'inherit']) {
      expectSuccess(await admin.patch(`/streams/${id}`, { topics_policy: policy }));
      expect((await channel(id)).topics_policy).to.equal(policy);
    }
    await refused(
      () => admin.patch(`/streams/${id}`, { topics_policy: 'sometimes' }),
      'Invalid \'topics_policy\': must be one of "inherit", "allow_empty_topic", "disable_empty_topic", "empty_topic_only"',
    );
  });

  it('puts the channel into a folder and takes it out', async function () {
    const [id] = await createChannels(admin, ['filed']);
    const folder = expectSuccess(await admin.post('/channel_folders/create', { name: 'Teams', description: '' })).channel_folder_id as number;
    expectSuccess(await admin.patch(`/streams/${id}`, { folder_id: folder }));
    expect((await channel(id)).folder_id).to.equal(folder);
    expectSuccess(await admin.patch(`/streams/${id}`, { folder_id: null }));
    expect((await channel(id)).folder_id).to.equal(null);
    await refused(() => admin.patch(`/streams/${id}`, { folder_id: 999 }), "Invalid 'folder_id': no channel folder 999");
  });

  it('makes the channel a default channel and back, for administrators', async function () {
    const [id] = await createChannels(admin, ['defaults']);
    const defaults = async (): Promise<number[]> => numbersField((await registerQueue(member, { fetch_event_types: ['default_streams'] })).state, 'realm_default_streams');
    expectSuccess(await admin.patch(`/streams/${id}`, { is_default_stream: true }));
    expect(await defaults()).to.include(id);
    expectSuccess(await admin.patch(`/streams/${id}`, { is_default_stream: false }));
    expect(await defaults()).to.not.include(id);
    expectSuccess(await admin.patch(`/streams/${id}`, { is_default_stream: true }));
    await refused(() => admin.patch(`/streams/${id}`, { is_private: true }), 'Default channels cannot be made private.');
    const [secret] = await createChannels(admin, ['private-defaults'], { invite_only: true });
    await refused(() => admin.patch(`/streams/${secret}`, { is_default_stream: true }), 'Private channels cannot be made default.');
  });

  it('changes each permission with {new, old?}, refusing a stale old value', async function () {
    const [id] = await createChannels(admin, ['permissions']);
    const before = await channel(id);
    for (const setting of SETTINGS) {
      expectSuccess(await admin.patch(`/streams/${id}`, { [setting]: { new: groups['role:moderators'], old: before[setting] } }));
      expect((await channel(id))[setting], setting).to.equal(groups['role:moderators']);
    }
    const anonymous = { direct_members: [member.userId], direct_subgroups: [groups['role:administrators']] };
    expectSuccess(await admin.patch(`/streams/${id}`, { can_send_message_group: { new: anonymous } }));
    expect((await channel(id)).can_send_message_group).to.deep.equal(anonymous);
    await refused(
      () => admin.patch(`/streams/${id}`, { can_send_message_group: { new: groups['role:members'], old: groups['role:everyone'] } }),
      "Invalid 'can_send_message_group': 'old' value does not match the expected value.",
    );
    await refused(() => admin.patch(`/streams/${id}`, { can_send_message_group: groups['role:members'] }), "Invalid 'can_send_message_group': must be object");
    await refused(() => admin.patch(`/streams/${id}`, { can_subscribe_group: { old: 1 } }), "Missing 'new' argument", 'REQUEST_VARIABLE_MISSING');
    await refused(
      () => admin.patch(`/streams/${id}`, { can_administer_channel_group: { new: groups['role:everyone'] } }),
      "'can_administer_channel_group' setting cannot be set to 'role:everyone' group.",
    );
    await refused(() => admin.patch(`/streams/${id}`, { can_subscribe_group: { new: 9999 } }), "Invalid user group ID: 9999 in 'can_subscribe_group'");
  });

  it('unarchives with is_archived=false, and refuses is_archived=true', async function () {
    const [id] = await createChannels(admin, ['revived']);
    expectSuccess(await admin.delete(`/streams/${id}`));
    expectSuccess(await admin.patch(`/streams/${id}`, { is_archived: false, description: 'Back' }));
    expect(await channel(id)).to.include({ is_archived: false, description: 'Back' });
    await refused(
      () => admin.patch(`/streams/${id}`, { is_archived: true }),
      "Invalid 'is_archived': only false (unarchive) is accepted; archive with DELETE /streams/{stream_id}.",
    );
  });

  it('checks everything before changing anything', async function () {
    const [id] = await createChannels(admin, ['atomic']);
    await refused(() => admin.patch(`/streams/${id}`, { description: 'Half', new_name: 'atomic-2', folder_id: 999 }), "Invalid 'folder_id': no channel folder 999");
    expect(await channel(id)).to.include({ name: 'atomic', description: '' });
    expectSuccess(await subscribe(admin, ['atomic-2']));
  });

  it('changes nothing and appends nothing when the values are the current ones', async function () {
    const [id] = await createChannels(admin, ['steady']);
    const rows = logRowCount(server);
    const res = expectSuccess(await admin.patch(`/streams/${id}`, { new_name: 'steady', description: '', is_private: false, topics_policy: 'inherit', bogus: 1 }));
    expect(res).to.deep.equal({ result: 'success', msg: '', ignored_parameters_unsupported: ['bogus'] });
    expect(logRowCount(server)).to.equal(rows);
  });

  it('shows the change in the register response', async function () {
    const [id] = await createChannels(member, ['registered']);
    expectSuccess(await admin.patch(`/streams/${id}`, { description: 'Seen', can_send_message_group: { new: groups['role:administrators'] } }));
    const state = (await registerQueue(member)).state;
    const record = objectsField(state, 'subscriptions').find((sub) => sub.stream_id === id);
    expect(record).to.include({ description: 'Seen', can_send_message_group: groups['role:administrators'], stream_post_policy: 2, is_announcement_only: true });
    expect(objectsField(state, 'streams').find((each) => each.stream_id === id)).to.include({ description: 'Seen' });
  });
});
