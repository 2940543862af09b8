import { expect } from 'chai';
import type { ApiClient } from '../support/api-client.js';
import { systemGroupIds } from '../support/group-requests.js';
import { expectExactFailure, expectSuccess } from '../support/response-assertions.js';
import { startServerWith } from '../support/server-with-people.js';
import type { TestServer } from '../support/test-server.js';

describe('PATCH /realm', function () {
  let server: TestServer, admin: ApiClient, moderator: ApiClient, member: ApiClient, guest: ApiClient;
  let sys: Record<string, number>;

  before(async function () {
    ({ server, admin, moderator, member, guest } = await startServerWith('admin', 'moderator', 'member', 'guest'));
    sys = await systemGroupIds(server.owner);
  });
  after(() => server.stop());

  const realmState = async (client: ApiClient = member) => expectSuccess(await client.post('/register', { fetch_event_types: ['realm'] }));
  const head = () => server.ctx.store.headPosition();

  it('lets the owner change the profile, settings and group permissions; answers with what changed', async function () {
    const res = await server.owner.patch('/realm', {
      name: 'Elsinore',
      description: 'Castle <b>talk</b>',
      invite_required: false,
      allow_message_editing: true,
      message_content_edit_limit_seconds: 'unlimited',
      move_messages_within_stream_limit_seconds: 3600,
      topics_policy: 'disable_empty_topic',
      default_language: 'de',
      waiting_period_threshold: 3,
      message_retention_days: 30,
      can_resolve_topics_group: { new: sys['role:moderators'], old: sys['role:everyone'] },
      can_mention_many_users_group: { new: { direct_members: [member.userId], direct_subgroups: [sys['role:administrators']] } },
    });
    expect(expectSuccess(res)).to.deep.equal({
      result: 'success',
      msg: '',
      name: 'updated',
      description: 'updated',
      invite_required: false,
      message_content_edit_limit_seconds: null,
      move_messages_within_stream_limit_seconds: 3600,
      topics_policy: 'updated',
      default_language: 'updated',
      waiting_period_threshold: 3,
      message_retention_days: 30,
      can_resolve_topics_group: sys['role:moderators'],
      can_mention_many_users_group: { direct_members: [member.userId], direct_subgroups: [sys['role:administrators']] },
    });
    expect(await realmState()).to.deep.include({
      realm_name: 'Elsinore',
      realm_description: '<p>Castle &lt;b&gt;talk&lt;/b&gt;</p>',
      realm_invite_required: false,
      realm_allow_message_editing: true,
      realm_message_content_edit_limit_seconds: null,
      realm_move_messages_within_stream_limit_seconds: 3600,
      realm_topics_policy: 'disable_empty_topic',
      realm_mandatory_topics: true,
      realm_default_language: 'de',
      realm_waiting_period_threshold: 3,
      realm_message_retention_days: 30,
      realm_can_resolve_topics_group: sys['role:moderators'],
      realm_can_mention_many_users_group: { direct_members: [member.userId], direct_subgroups: [sys['role:administrators']] },
    });
    expect(expectSuccess(await server.anonymous.get('/server_settings'))).to.include({ realm_name: 'Elsinore', realm_description: '<p>Castle &lt;b&gt;talk&lt;/b&gt;</p>' });
  });

  it('answers a request that changes nothing with no fields, appending nothing', async function () {
    const state = await realmState();
    const before = await head();
    const res = await admin.patch('/realm', { name: state.realm_name, allow_message_editing: state.realm_allow_message_editing, can_resolve_topics_group: { new: state.realm_can_resolve_topics_group } });
    expect(expectSuccess(res)).to.deep.equal({ result: 'success', msg: '' });
    expect(await head()).to.equal(before);
  });

  it('lists parameters it does not know as ignored, and changes the rest', async function () {
    const res = expectSuccess(await admin.patch('/realm', { email_changes_disabled: true, realm_icon: 'x.png' }));
    expect(res).to.deep.equal({ result: 'success', msg: '', email_changes_disabled: true, ignored_parameters_unsupported: ['realm_icon'] });
    expectSuccess(await admin.patch('/realm', { email_changes_disabled: false }));
  });

  it('refuses moderators, members and guests', async function () {
    for (const client of [moderator, member, guest]) {
      expectExactFailure(await client.patch('/realm', { name_changes_disabled: true }), 'UNAUTHORIZED_PRINCIPAL', 'Must be an organization administrator');
    }
    expect((await realmState()).realm_name_changes_disabled).to.equal(false);
  });

  it('lets administrators change what is not reserved to owners', async function () {
    const res = await admin.patch('/realm', { name_changes_disabled: true, can_add_subscribers_group: { new: sys['role:moderators'] } });
    expect(expectSuccess(res)).to.deep.equal({ result: 'success', msg: '', name_changes_disabled: true, can_add_subscribers_group: sys['role:moderators'] });
    expectSuccess(await admin.patch('/realm', { name_changes_disabled: false, can_add_subscribers_group: { new: sys['role:members'] } }));
  });

  /** Each owner-only setting with a valid value (group ids are known only once the server runs). */
  const ownerOnly: [string, () => unknown][] = [
    ['invite_required', () => true],
    ['waiting_period_threshold', () => 0],
    ['message_retention_days', () => 'unlimited'],
    ['can_create_groups', () => ({ new: sys['role:members'] })],
    ['can_manage_all_groups', () => ({ new: sys['role:owners'] })],
    ['can_invite_users_group', () => ({ new: sys['role:members'] })],
  ];
  for (const [name, value] of ownerOnly) {
    it(`refuses ${name} to administrators: owners only`, async function () {
      const before = await head();
      expectExactFailure(await admin.patch('/realm', { name: 'Admin was here', [name]: value() }), 'UNAUTHORIZED_PRINCIPAL', `Must be an organization owner to change '${name}'`);
      expect(await head()).to.equal(before);
    });
  }

  it('refuses bad values with a message naming the parameter, and applies nothing of the request', async function () {
    const state = await realmState();
    const before = await head();
    const retired = expectSuccess(await member.post('/user_groups/create', { name: 'retired', description: '', members: [] })).group_id as number;
    expectSuccess(await member.post(`/user_groups/${retired}/deactivate`));
    const afterSetup = await head();
    const patch = (params: Record<string, unknown>) => server.owner.patch('/realm', { name: 'Half applied', invite_required: !state.realm_invite_required, ...params });
    const cases: [Record<string, unknown>, string][] = [
      [{ name: ' ' }, "Invalid 'name': the organization name must not be empty"],
      [{ name: 'n'.repeat(41) }, "Invalid 'name': the organization name cannot exceed 40 characters"],
      [{ description: 'd'.repeat(1001) }, "Invalid 'description': the organization description cannot exceed 1000 characters"],
      [{ message_content_edit_limit_seconds: 0 }, "Invalid 'message_content_edit_limit_seconds': must be a positive number of seconds or \"unlimited\", not 0"],
      [{ move_messages_between_streams_limit_seconds: 'soon' }, "Invalid 'move_messages_between_streams_limit_seconds': must be a positive number of seconds or \"unlimited\", not \"soon\""],
      [{ topics_policy: 'empty_topic_only' }, "Invalid 'topics_policy': must be one of allow_empty_topic, disable_empty_topic"],
      [{ default_language: 'xx' }, "Invalid 'default_language': 'xx' is not a supported language"],
      [{ waiting_period_threshold: -1 }, "Invalid 'waiting_period_threshold': must be a whole number of days, not -1"],
      [{ waiting_period_threshold: 'soon' }, "Argument 'waiting_period_threshold' is not valid JSON."],
      [{ message_retention_days: 0 }, "Invalid 'message_retention_days': must be a whole number of days from 1 to 2147483647 or \"unlimited\", not 0"],
      [{ allow_message_editing: 'maybe' }, "Argument 'allow_message_editing' is not valid JSON."],
      [{ can_create_groups: { new: sys['role:everyone'] } }, "'can_create_groups' setting cannot be set to 'role:everyone' group."],
      [{ can_manage_all_groups: { new: { direct_members: [], direct_subgroups: [] } } }, "'can_manage_all_groups' setting cannot be set to 'role:nobody' group."],
      [{ can_resolve_topics_group: { new: sys['role:internet'] } }, "'can_resolve_topics_group' setting cannot be set to 'role:internet' group."],
      [{ can_invite_users_group: { new: retired } }, `Invalid 'can_invite_users_group': user group ${retired} is deactivated`],
      [{ can_invite_users_group: { new: { direct_members: [member.userId], direct_subgroups: [retired] } } }, `Invalid 'can_invite_users_group': user group ${retired} is deactivated`],
      [{ can_invite_users_group: { new: 9999 } }, "Invalid user group ID: 9999 in 'can_invite_users_group'"],
      [{ can_create_public_channel_group: { new: sys['role:members'], old: sys['role:owners'] } }, "Invalid 'can_create_public_channel_group': 'old' value does not match the expected value."],
      [{ can_create_public_channel_group: 'members' }, "Argument 'can_create_public_channel_group' is not valid JSON."],
    ];
    for (const [params, msg] of cases) expectExactFailure(await patch(params), 'BAD_REQUEST', msg);
    expect(await head()).to.equal(afterSetup);
    expect(afterSetup).to.be.greaterThan(before);
    const { queue_id: _q, last_event_id: _l, ...now } = await realmState();
    const { queue_id: _q0, last_event_id: _l0, ...then } = state;
    expect(now).to.deep.equal(then);
  });

  it('puts a group permission into effect at once: can_create_groups', async function () {
    expectSuccess(await server.owner.patch('/realm', { can_create_groups: { new: sys['role:moderators'] } }));
    try {
      expectExactFailure(await member.post('/user_groups/create', { name: 'members may not', description: '', members: [] }), 'BAD_REQUEST', 'Insufficient permission');
      expectSuccess(await moderator.post('/user_groups/create', { name: 'moderators may', description: '', members: [] }));
    } finally {
      expectSuccess(await server.owner.patch('/realm', { can_create_groups: { new: sys['role:members'], old: sys['role:moderators'] } }));
    }
    expectSuccess(await member.post('/user_groups/create', { name: 'members may again', description: '', members: [] }));
  });
});
