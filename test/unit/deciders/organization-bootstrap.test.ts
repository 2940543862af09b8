import { expect } from 'chai';
import {
  decideCreateRealm,
  decideCreateSystemGroups,
  decideMissingRealmGroupSettings,
  DEFAULT_REALM_SETTINGS,
  DEFAULT_USER_SETTINGS,
  SYSTEM_GROUPS,
  type SystemGroupName,
} from '@chat/core';

const IDS = Object.fromEntries(SYSTEM_GROUPS.map((group, index) => [group.name, 100 + index])) as Record<SystemGroupName, number>;

describe('organization bootstrap deciders', () => {
  it('creates the organization with default settings and user defaults, copies not shared objects', () => {
    const [created] = decideCreateRealm({ name: 'Acme' });
    expect(created.type).to.equal('RealmCreated');
    expect(created.data).to.deep.equal({ name: 'Acme', description: '', settings: DEFAULT_REALM_SETTINGS, user_settings_defaults: DEFAULT_USER_SETTINGS });
    expect(created.data.settings).to.not.equal(DEFAULT_REALM_SETTINGS);
  });

  it('creates every role system group once, each nested over the one below it, then the organization permissions', () => {
    const { groups, realm } = decideCreateSystemGroups(IDS);
    expect(groups.map((group) => group.group_id)).to.deep.equal(SYSTEM_GROUPS.map((group) => IDS[group.name]));
    const byName = new Map(groups.map(({ events: [created] }) => [created.data.name, created.data]));
    expect(byName.get('role:administrators')?.direct_subgroup_ids).to.deep.equal([IDS['role:owners']]);
    expect(byName.get('role:owners')?.direct_subgroup_ids).to.deep.equal([]);
    expect(byName.get('role:nobody')?.direct_subgroup_ids).to.deep.equal([]);
    for (const data of byName.values()) {
      expect(data).to.include({ is_system_group: true, creator_id: null });
      expect(data.settings.can_manage_group).to.equal(IDS['role:nobody']);
    }
    expect(realm[0].type).to.equal('RealmGroupSettingsChanged');
    expect(realm[0].data.changes.can_manage_all_groups).to.equal(IDS['role:owners']);
    expect(realm[0].data.changes.can_create_groups).to.equal(IDS['role:members']);
  });

  it('adds only the organization permissions a log from before them lacks, and nothing when none is missing', () => {
    const all = decideCreateSystemGroups(IDS).realm[0].data.changes;
    const { can_add_custom_emoji_group: _missing, ...older } = all;
    expect(decideMissingRealmGroupSettings(older, IDS)).to.deep.equal([
      { type: 'RealmGroupSettingsChanged', data: { changes: { can_add_custom_emoji_group: IDS['role:members'] } } },
    ]);
    expect(decideMissingRealmGroupSettings(all, IDS)).to.deep.equal([]);
    expect(decideMissingRealmGroupSettings(undefined, IDS)[0]?.data.changes).to.deep.equal(all);
  });
});
