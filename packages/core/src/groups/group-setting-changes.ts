import { checkGroupSettingValue, type GroupWorld } from './group-setting.js';
import { canonicalGroupSetting, checkExpectedGroupSetting, type GroupSettingUpdate, sameGroupSetting } from './group-setting-update.js';
import type { GroupSettingValue } from './user-group-state.js';

/** What a request changes in a record of group settings: only values that differ, each with the value it replaces. */
export interface GroupSettingChanges<K extends string> {
  changes: Partial<Record<K, GroupSettingValue>>;
  previous: Partial<Record<K, GroupSettingValue>>;
}

/**
 * Checks every requested `{new, old?}` update against the settings as they are: `old` must match the
 * current value, `new` must name active groups and users and none of the setting's forbidden system
 * groups. `forbidden` has an entry for every setting the record holds, and only those may be updated.
 * New values are stored in canonical form, so a request that only respells a value changes nothing.
 */
export function decideGroupSettingChanges<K extends string>(
  world: GroupWorld,
  current: Readonly<Record<K, GroupSettingValue>>,
  updates: Partial<Record<K, GroupSettingUpdate>>,
  forbidden: Readonly<Record<K, readonly string[]>>,
): GroupSettingChanges<K> {
  const result: GroupSettingChanges<K> = { changes: {}, previous: {} };
  for (const name of Object.keys(forbidden) as K[]) {
    const update = updates[name];
    if (update === undefined) continue;
    checkExpectedGroupSetting(name, current[name], update);
    const value = canonicalGroupSetting(checkGroupSettingValue(world, name, update.new, forbidden[name]));
    if (sameGroupSetting(value, current[name])) continue;
    result.changes[name] = value;
    result.previous[name] = current[name];
  }
  return result;
}
