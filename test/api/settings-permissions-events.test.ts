import { expect } from 'chai';
import type { ApiClient } from '../support/api-client.js';
import type { ReceivedEvent } from '../support/event-schemas.js';
import { systemGroupIds } from '../support/group-requests.js';
import { drain, ofType, type Queue, registerQueue } from '../support/realtime-client.js';
import { expectSuccess } from '../support/response-assertions.js';
import { startServerWith } from '../support/server-with-people.js';
import type { TestServer } from '../support/test-server.js';

const MODERN = { client_capabilities: { user_settings_object: true, include_deactivated_groups: true } };
const LEGACY = { client_capabilities: { user_settings_object: true } };

const withoutIds = (events: readonly ReceivedEvent[]): Record<string, unknown>[] => events.map(({ id: _id, ...rest }) => rest);

describe('events of organization settings and group permissions', function () {
  let server: TestServer, member: ApiClient, guest: ApiClient;
  let sys: Record<string, number>;

  before(async function () {
    ({ server, member, guest } = await startServerWith('member', 'guest'));
    sys = await systemGroupIds(server.owner);
  });
  after(() => server.stop());

  const realmEvents = async (queue: Queue) => withoutIds(ofType(await drain(queue), 'realm'));

  it('sends each kind of organization change to every active user, guests included', async function () {
    const queues = [await registerQueue(member), await registerQueue(guest), await registerQueue(server.owner)];
    expectSuccess(await server.owner.patch('/realm', { name: 'Elsinore', description: 'Castle & moat' }));
    expectSuccess(await server.owner.patch('/realm', { allow_message_editing: false, topics_policy: 'disable_empty_topic', message_retention_days: 'unlimited' }));
    expectSuccess(await server.owner.patch('/realm', { message_retention_days: 90 }));
    expectSuccess(await server.owner.patch('/realm', {
      can_create_groups: { new: sys['role:moderators'] },
      can_add_subscribers_group: { new: { direct_members: [member.userId], direct_subgroups: [sys['role:administrators']] } },
    }));
    const expected = [
      { type: 'realm', op: 'update_dict', property: 'default', data: { name: 'Elsinore', description: '<p>Castle &amp; moat</p>' } },
      { type: 'realm', op: 'update_dict', property: 'default', data: { allow_message_editing: false, topics_policy: 'disable_empty_topic', mandatory_topics: true } },
      { type: 'realm', op: 'update', property: 'message_retention_days', value: 90 },
      {
        type: 'realm',
        op: 'update_dict',
        property: 'default',
        data: { can_create_groups: sys['role:moderators'], can_add_subscribers_group: { direct_members: [member.userId], direct_subgroups: [sys['role:administrators']] } },
      },
    ];
    for (const queue of queues) expect(await realmEvents(queue)).to.deep.equal(expected);
    expectSuccess(await server.owner.patch('/realm', { can_create_groups: { new: sys['role:members'] } }));
  });

  it('sends nothing for a request that changes nothing', async function () {
    const queue = await registerQueue(member);
    const state = queue.state;
    expectSuccess(await server.owner.patch('/realm', { name: state.realm_name, can_create_groups: { new: state.realm_can_create_groups } }));
    expect(await drain(queue)).to.deep.equal([]);
  });

  it('announces a group permission change as user_group update, to clients that list the group', async function () {
    const modern = await registerQueue(guest, MODERN);
    const legacy = await registerQueue(guest, LEGACY);
    const id = expectSuccess(await member.post('/user_groups/create', { name: 'watch', description: '', members: [] })).group_id as number;
    await drain(modern);
    await drain(legacy);
    expectSuccess(await member.patch(`/user_groups/${id}`, { can_mention_group: { new: sys['role:moderators'] }, can_join_group: { new: { direct_members: [guest.userId], direct_subgroups: [] } } }));
    const update = {
      type: 'user_group',
      op: 'update',
      group_id: id,
      data: { can_mention_group: sys['role:moderators'], can_join_group: { direct_members: [guest.userId], direct_subgroups: [] } },
    };
    expect(withoutIds(await drain(modern))).to.deep.equal([update]);
    expect(withoutIds(await drain(legacy))).to.deep.equal([update]);

    expectSuccess(await member.post(`/user_groups/${id}/deactivate`));
    await drain(modern);
    await drain(legacy);
    expectSuccess(await member.patch(`/user_groups/${id}`, { can_leave_group: { new: sys['role:nobody'] } }));
    expect(withoutIds(await drain(modern))).to.deep.equal([{ type: 'user_group', op: 'update', group_id: id, data: { can_leave_group: sys['role:nobody'] } }]);
    expect(await drain(legacy)).to.deep.equal([]);
  });
});
