import type { OwnersChanged, UserEvent } from '../events/index.js';
import { Role } from '../roles.js';

/**
 * The guard event for a decision about users: the active owners after `events`, when they differ from
 * `owners` (the active owners the decision read); null when the owners stay the same.
 */
export function ownersChanged(owners: readonly number[], events: readonly UserEvent[]): OwnersChanged | null {
  const after = new Set(owners);
  for (const event of events) {
    if (event.type !== 'UserRoleChanged') continue;
    if (event.data.role === Role.Owner) after.add(event.data.user_id);
    else after.delete(event.data.user_id);
  }
  const same = after.size === owners.length && owners.every((id) => after.has(id));
  return same ? null : { type: 'OwnersChanged', data: { owner_ids: [...after].sort((a, b) => a - b) } };
}
