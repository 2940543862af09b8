import type { BotEvent, OwnersChanged, UserEvent } from '../events/index.js';
import { Role, type RoleValue } from '../roles.js';

/**
 * The guard event for a decision about users: the active owners after `events`, when they differ from
 * `owners` (the active owners the decision read); null when the owners stay the same. `roleOf` gives
 * the role of a user who is reactivated (an owner coming back).
 */
export function ownersChanged(owners: readonly number[], events: readonly (UserEvent | BotEvent)[], roleOf: (userId: number) => RoleValue | undefined = () => undefined): OwnersChanged | null {
  const after = new Set(owners);
  for (const event of events) {
    if (event.type === 'UserRoleChanged') {
      if (event.data.role === Role.Owner) after.add(event.data.user_id);
      else after.delete(event.data.user_id);
    }
    if (event.type === 'UserDeactivated') after.delete(event.data.user_id);
    if (event.type === 'UserReactivated' && roleOf(event.data.user_id) === Role.Owner) after.add(event.data.user_id);
  }
  const same = after.size === owners.length && owners.every((id) => after.has(id));
  return same ? null : { type: 'OwnersChanged', data: { owner_ids: [...after].sort((a, b) => a - b) } };
}
