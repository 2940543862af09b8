import { badRequest } from '../errors.js';
import type { GroupSettingValue } from './user-group-state.js';

/** A request to change a group-setting value: the new value, and optionally the value the client expects now. */
export interface GroupSettingUpdate {
  new: GroupSettingValue;
  old?: GroupSettingValue;
}

const ascending = (ids: readonly number[]): number[] => [...new Set(ids)].sort((a, b) => a - b);

/**
 * A value in one spelling: ids ascending without duplicates, and an anonymous group of one subgroup
 * and no members is that group (the public API stores it as the group's id).
 */
export function canonicalGroupSetting(value: GroupSettingValue): GroupSettingValue {
  if (typeof value === 'number') return value;
  const direct_members = ascending(value.direct_members);
  const direct_subgroups = ascending(value.direct_subgroups);
  if (direct_members.length === 0 && direct_subgroups.length === 1) return direct_subgroups[0];
  return { direct_members, direct_subgroups };
}

/** Whether two values grant the same users and groups, regardless of order, duplicates and spelling. */
export function sameGroupSetting(a: GroupSettingValue, b: GroupSettingValue): boolean {
  return JSON.stringify(canonicalGroupSetting(a)) === JSON.stringify(canonicalGroupSetting(b));
}

/** Refuses an update whose `old` is not the value the setting holds now (someone changed it meanwhile). */
export function checkExpectedGroupSetting(setting: string, current: GroupSettingValue, update: GroupSettingUpdate): void {
  if (update.old !== undefined && !sameGroupSetting(update.old, current)) {
    throw badRequest(`Invalid '${setting}': 'old' value does not match the expected value.`);
  }
}
