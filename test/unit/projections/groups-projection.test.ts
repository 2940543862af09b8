import { expect } from 'chai';
import { defaultRealmGroupSettings, type DomainEvent, systemGroupSettings } from '@chat/core';
import { REALM_KEY } from '@chat/projections';
import { freshModels, project } from '../../support/read-model-fixture.js';
import { storedEvents, T0 } from '../../support/stored-events.js';
import { aGroup, SYS } from '../../support/user-group-factory.js';

const created = (group_id: number, name: string, rest: Partial<Extract<DomainEvent, { type: 'UserGroupCreated' }>['data']> = {}): DomainEvent => ({
  type: 'UserGroupCreated',
  data: {
    group_id,
    name,
    description: '',
    is_system_group: false,
    members: [],
    direct_subgroup_ids: [],
    creator_id: 4,
    settings: aGroup({ id: group_id }).settings,
    ...rest,
  },
});

describe('groups projection', function () {
  it('holds groups as created, with their creation time', async function () {
    const models = freshModels();
    await project(models, storedEvents([created(1, 'role:owners', { is_system_group: true, creator_id: null, settings: systemGroupSettings(SYS) }), created(9, 'team', { members: [4, 5] })]));
    expect(await models.userGroups.get(9)).to.deep.equal({ ...aGroup({ id: 9, name: 'team', members: [4, 5] }), date_created: T0 + 2000 });
    expect((await models.userGroups.get(1))!.is_system_group).to.equal(true);
  });

  it('applies member, subgroup, rename, deactivation and reactivation changes', async function () {
    const models = freshModels();
    const events: DomainEvent[] = [
      created(9, 'team', { members: [4, 5], direct_subgroup_ids: [7] }),
      { type: 'UserGroupMembersChanged', data: { group_id: 9, added_members: [6], removed_members: [4], added_subgroups: [8], removed_subgroups: [7] } },
      { type: 'UserGroupUpdated', data: { group_id: 9, changes: { name: 'crew' } } },
      { type: 'UserGroupDeactivated', data: { group_id: 9 } },
    ];
    await project(models, storedEvents(events));
    expect(await models.userGroups.get(9)).to.deep.include({ name: 'crew', members: [5, 6], direct_subgroup_ids: [8], deactivated: true });
    await project(models, storedEvents([...events, { type: 'UserGroupReactivated', data: { group_id: 9 } }]).slice(4));
    expect((await models.userGroups.get(9))!.deactivated).to.equal(false);
  });

  it('merges permission changes into the group settings, keeping the others', async function () {
    const models = freshModels();
    const anonymous = { direct_members: [5], direct_subgroups: [SYS['role:moderators']] };
    await project(models, storedEvents([
      created(9, 'team'),
      {
        type: 'UserGroupPermissionsChanged',
        data: { group_id: 9, changes: { can_join_group: anonymous, can_mention_group: 9 }, previous: { can_join_group: SYS['role:nobody'], can_mention_group: SYS['role:everyone'] } },
      },
    ]));
    expect((await models.userGroups.get(9))!.settings).to.deep.equal({ ...aGroup({ id: 9 }).settings, can_join_group: anonymous, can_mention_group: 9 });
  });

  it('merges organization group settings', async function () {
    const models = freshModels();
    await project(models, storedEvents([
      { type: 'RealmGroupSettingsChanged', data: { changes: defaultRealmGroupSettings(SYS) } },
      { type: 'RealmGroupSettingsChanged', data: { changes: { can_create_groups: SYS['role:moderators'] } } },
    ]));
    expect(await models.realmGroupSettings.get(REALM_KEY)).to.deep.equal({ ...defaultRealmGroupSettings(SYS), can_create_groups: SYS['role:moderators'] });
  });
});
