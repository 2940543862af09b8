import type { ApiClient } from './api-client.js';
import { expectSuccess } from './response-assertions.js';

/** System group ids by name, as GET /user_groups lists them. */
export async function systemGroupIds(client: ApiClient): Promise<Record<string, number>> {
  const groups = expectSuccess(await client.get('/user_groups')).user_groups as { id: number; name: string; is_system_group: boolean }[];
  return Object.fromEntries(groups.filter((group) => group.is_system_group).map((group) => [group.name, group.id]));
}
