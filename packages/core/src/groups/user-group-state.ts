import type { UserGroupSettings } from '../events/group-settings.js';

export {
  type GroupSettingValue,
  REALM_GROUP_SETTING_NAMES,
  type RealmGroupSettingName,
  type RealmGroupSettings,
  USER_GROUP_SETTING_NAMES,
  type UserGroupSettingName,
  type UserGroupSettings,
} from '../events/group-settings.js';

/** A user group as the read model holds it and as deciders see it. */
export interface UserGroupState {
  id: number;
  name: string;
  description: string;
  is_system_group: boolean;
  /** Direct members; empty for system groups, whose members are derived from users' roles. */
  members: number[];
  direct_subgroup_ids: number[];
  deactivated: boolean;
  /** Milliseconds since the epoch, from the creating event's metadata. */
  date_created: number;
  creator_id: number | null;
  settings: UserGroupSettings;
}
