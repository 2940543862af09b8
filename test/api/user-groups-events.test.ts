import { expect } from 'chai';
import { Role } from '@chat/core';
import type { ApiClient } from '../support/api-client.js';
import { applyEvents } from '../support/apply-events.js';
import type { ReceivedEvent } from '../support/event-schemas.js';
import { drain, ofType, type Queue, registerQueue } from '../support/realtime-client.js';
import { expectSuccess } from '../support/response-assertions.js';
import { startServerWith } from '../support/server-with-people.js';
import type { TestServer } from '../support/test-server.js';

const MODERN = { client_capabilities: { user_settings_object: true, include_deactivated_groups: true } };
const LEGACY = { client_capabilities: { user_settings_object: true } };

const groupEvents = (events: readonly ReceivedEvent[]): Record<string, unknown>[] =>
  ofType(events, 'user_group').map(({ id: _id, ...rest }) => rest);

describe('user groups: events and the register section', function () {
  let server: TestServer, member: ApiClient, watcher: ApiClient;

  before(async function () {
    ({ server, member, watcher } = await startServerWith('member', 'watcher'));
  });
  after(() => server.stop());

  it('delivers each change to every user, shaped per include_deactivated_groups', async function () {
    const modern = await registerQueue(watcher, MODERN);
    const legacy = await registerQueue(watcher, LEGACY);
    const sub = expectSuccess(await member.post('/user_groups/create', { name: 'sub', description: '', members: [] })).group_id as number;
    const id = expectSuccess(await member.post('/user_groups/create', { name: 'ops', description: 'On call', members: [member.userId] })).group_id as number;
    for (const queue of [modern, legacy]) {
      const added = ofType(await drain(queue), 'user_group', 'add');
      expect(added.map((event) => (event.group as { id: number }).id)).to.deep.equal([sub, id]);
      expect(added[1].group).to.deep.include({ id, name: 'ops', description: 'On call', members: [member.userId], direct_subgroup_ids: [], deactivated: false, creator_id: member.userId });
    }

    expectSuccess(await member.post(`/user_groups/${id}/members`, { add: [watcher.userId], delete: [member.userId], add_subgroups: [sub] }));
    expectSuccess(await member.post(`/user_groups/${id}/members`, { delete_subgroups: [sub] }));
    expectSuccess(await member.patch(`/user_groups/${id}`, { description: 'Pager' }));
    const expected = [
      { type: 'user_group', op: 'add_members', group_id: id, user_ids: [watcher.userId] },
      { type: 'user_group', op: 'remove_members', group_id: id, user_ids: [member.userId] },
      { type: 'user_group', op: 'add_subgroups', group_id: id, direct_subgroup_ids: [sub] },
      { type: 'user_group', op: 'remove_subgroups', group_id: id, direct_subgroup_ids: [sub] },
      { type: 'user_group', op: 'update', group_id: id, data: { description: 'Pager' } },
    ];
    expect(groupEvents(await drain(modern))).to.deep.equal(expected);
    expect(groupEvents(await drain(legacy))).to.deep.equal(expected);

    expectSuccess(await member.post(`/user_groups/${id}/deactivate`));
    expect(groupEvents(await drain(modern))).to.deep.equal([{ type: 'user_group', op: 'update', group_id: id, data: { deactivated: true } }]);
    expect(groupEvents(await drain(legacy))).to.deep.equal([{ type: 'user_group', op: 'remove', group_id: id }]);

    // A deactivated group is unknown to clients without the capability: they hear nothing of it.
    expectSuccess(await member.patch(`/user_groups/${id}`, { name: 'ops (old)' }));
    expectSuccess(await member.post(`/user_groups/${id}/members`, { add: [member.userId] }));
    expect(groupEvents(await drain(modern))).to.deep.equal([
      { type: 'user_group', op: 'update', group_id: id, data: { name: 'ops (old)' } },
      { type: 'user_group', op: 'add_members', group_id: id, user_ids: [member.userId] },
    ]);
    expect(groupEvents(await drain(legacy))).to.deep.equal([]);

    expectSuccess(await member.patch(`/user_groups/${id}`, { deactivated: false }));
    expect(groupEvents(await drain(modern))).to.deep.equal([{ type: 'user_group', op: 'update', group_id: id, data: { deactivated: false } }]);
    const readded = groupEvents(await drain(legacy));
    expect(readded).to.have.length(1);
    expect(readded[0]).to.deep.include({ type: 'user_group', op: 'add' });
    expect(readded[0].group).to.deep.include({ id, name: 'ops (old)', deactivated: false, members: [member.userId, watcher.userId].sort((a, b) => a - b) });
  });

  it('tells everyone when a role change moves a user between system groups', async function () {
    const queue = await registerQueue(member, MODERN);
    const groups = (queue.state.realm_user_groups as { id: number; name: string }[]);
    const idOf = (name: string) => groups.find((group) => group.name === name)!.id;
    const user = await server.createUser('Rita Role');
    expectSuccess(await server.owner.patch(`/users/${user.userId}`, { role: Role.Moderator }));
    expect(groupEvents(await drain(queue))).to.deep.equal([
      { type: 'user_group', op: 'add_members', group_id: idOf('role:fullmembers'), user_ids: [user.userId] },
      { type: 'user_group', op: 'remove_members', group_id: idOf('role:fullmembers'), user_ids: [user.userId] },
      { type: 'user_group', op: 'add_members', group_id: idOf('role:moderators'), user_ids: [user.userId] },
    ]);
  });

  it('register lists deactivated groups only to clients with include_deactivated_groups', async function () {
    const id = expectSuccess(await member.post('/user_groups/create', { name: 'gone soon', description: '', members: [] })).group_id as number;
    expectSuccess(await member.post(`/user_groups/${id}/deactivate`));
    const modern = await registerQueue(member, { ...MODERN, fetch_event_types: ['user_group'] });
    const legacy = await registerQueue(member, { ...LEGACY, fetch_event_types: ['user_group'] });
    const ids = (queue: Queue) => (queue.state.realm_user_groups as { id: number }[]).map((group) => group.id);
    expect(ids(modern)).to.include(id);
    expect((modern.state.realm_user_groups as { id: number; deactivated: boolean }[]).find((group) => group.id === id)!.deactivated).to.equal(true);
    expect(ids(legacy)).to.not.include(id);
    expect(ids(legacy)).to.have.length(ids(modern).length - 1);
  });

  for (const [label, params] of [['with', MODERN], ['without', LEGACY]] as const) {
    it(`old snapshot + user_group events == fresh snapshot, ${label} include_deactivated_groups`, async function () {
      const queue = await registerQueue(member, params);
      const old = structuredClone(queue.state);
      const a = expectSuccess(await member.post('/user_groups/create', { name: `a ${label}`, description: '', members: [member.userId] })).group_id as number;
      const b = expectSuccess(await member.post('/user_groups/create', { name: `b ${label}`, description: '', members: [], subgroups: [a] })).group_id as number;
      const user = await server.createUser(`Newbie ${label}`);
      expectSuccess(await server.owner.patch(`/users/${user.userId}`, { role: Role.Administrator }));
      expectSuccess(await member.post(`/user_groups/${a}/members`, { add: [user.userId] }));
      expectSuccess(await member.post(`/user_groups/${b}/members`, { delete_subgroups: [a] }));
      expectSuccess(await member.post(`/user_groups/${a}/deactivate`));
      expectSuccess(await member.patch(`/user_groups/${a}`, { name: `a renamed ${label}` }));
      expectSuccess(await member.patch(`/user_groups/${b}`, { description: 'changed' }));
      const c = expectSuccess(await member.post('/user_groups/create', { name: `c ${label}`, description: '', members: [] })).group_id as number;
      expectSuccess(await member.post(`/user_groups/${c}/deactivate`));
      expectSuccess(await member.patch(`/user_groups/${c}`, { deactivated: false }));
      const events: ReceivedEvent[] = [];
      for (let batch = await drain(queue); batch.length > 0; batch = await drain(queue)) events.push(...batch);
      const updated = applyEvents(old, events, { clientGravatar: true });
      const fresh = (await registerQueue(member, params)).state;
      expect(updated.realm_user_groups).to.deep.equal(fresh.realm_user_groups);
      expect(old.realm_user_groups).to.not.deep.equal(fresh.realm_user_groups);
    });
  }
});
