import { isSystemBot, type UserState } from '@chat/core';
import { userView, type UserViewOptions } from '@chat/wire';

/**
 * Every user record of the organization serialized as one viewer sees it. Records differ between
 * viewers only by the role-based visibility of real addresses and by each viewer's own record, so a
 * list serialized for one viewer serves every viewer of the same role once two records are redone.
 */
export interface SerializedUsers {
  viewerId: number;
  active: string[];
  inactive: string[];
  /** Where each user's record is: in which list, at which index. */
  places: Map<number, { list: 'active' | 'inactive'; index: number }>;
}

export function serializeUsers(everyone: readonly UserState[], viewer: UserState, options: UserViewOptions): SerializedUsers {
  const serialized: SerializedUsers = { viewerId: viewer.user_id, active: [], inactive: [], places: new Map() };
  const sorted = everyone.filter((user) => !isSystemBot(user)).sort((a, b) => a.user_id - b.user_id);
  for (const user of sorted) {
    const list = user.is_active ? 'active' : 'inactive';
    serialized.places.set(user.user_id, { list, index: serialized[list].length });
    serialized[list].push(JSON.stringify(userView(user, viewer, options)));
  }
  return serialized;
}

/** The lists as `viewer` sees them: the records of the viewer they were made for and of this viewer redone. */
export function usersAsSeenBy(
  serialized: SerializedUsers,
  viewer: UserState,
  users: ReadonlyMap<number, UserState>,
  options: UserViewOptions,
): { active: string; inactive: string } {
  const lists = { active: serialized.active, inactive: serialized.inactive };
  if (serialized.viewerId !== viewer.user_id) {
    lists.active = [...lists.active];
    lists.inactive = [...lists.inactive];
    for (const userId of [serialized.viewerId, viewer.user_id]) {
      const place = serialized.places.get(userId);
      const user = users.get(userId);
      if (place && user) lists[place.list][place.index] = JSON.stringify(userView(user, viewer, options));
    }
  }
  return { active: `[${lists.active.join(',')}]`, inactive: `[${lists.inactive.join(',')}]` };
}
