import type { ApiClient } from './api-client.js';
import { type JsonObject, objectField } from './json-fields.js';
import { expectSuccess } from './response-assertions.js';
import type { TestServer } from './test-server.js';

/** POST /users/me/presence, which must succeed; returns the body. */
export async function ping(client: ApiClient, params: Record<string, unknown>): Promise<JsonObject> {
  return expectSuccess(await client.post('/users/me/presence', params));
}

/** The `presences` of a presence answer or register state, keyed by address or (slim) by user id. */
export const presencesIn = (body: JsonObject): JsonObject => objectField(body, 'presences');

/** The aggregated entry of a GET /users/{user_id_or_email}/presence answer. */
export const aggregatedPresenceIn = (body: JsonObject): JsonObject => objectField(objectField(body, 'presence'), 'aggregated');

/** The server's clock in UNIX seconds, whole and with the fraction. */
export const nowSeconds = (server: TestServer): number => Math.floor(server.clock.now() / 1000);
export const serverTimestamp = (server: TestServer): number => server.clock.now() / 1000;

export const modern = (activeAt: number, idleAt: number) => ({ active_timestamp: activeAt, idle_timestamp: idleAt });

export const legacy = (status: 'active' | 'idle', timestamp: number) => ({
  aggregated: { client: 'website', status, timestamp },
  website: { client: 'website', status, timestamp, pushable: false },
});
