import type { UserState } from '@chat/core';
import type { ApiKeys } from '../secrets/api-keys.js';
import type { OrganizationSnapshot } from '../queries/organization-snapshot.js';

/**
 * Users by their current API key, for integrations, which send the key alone (`?api_key=`). Keys are
 * derived, never stored, so the index is made from the organization: once per snapshot (a snapshot
 * is replaced when users, and so keys, change).
 */
const indexes = new WeakMap<OrganizationSnapshot, Map<string, UserState>>();

export function userByApiKey(org: OrganizationSnapshot, keys: ApiKeys, apiKey: string): UserState | undefined {
  let index = indexes.get(org);
  if (!index) {
    index = new Map();
    for (const user of org.users.values()) index.set(keys.keyFor(user.user_id, user.api_key_generation), user);
    indexes.set(org, index);
  }
  return index.get(apiKey);
}
