import type { ApiClient, ApiResponse } from './api-client.js';
import { arrayField, type JsonObject, numbersField, objectField, objectsField } from './json-fields.js';
import { registerQueue } from './realtime-client.js';
import { expectSuccess } from './response-assertions.js';

/** POST /messages/flags. */
export function updateFlags(client: ApiClient, messages: number[], op: string, flag: string): Promise<ApiResponse> {
  return client.post('/messages/flags', { messages, op, flag });
}

/** POST /messages/flags/narrow; the window defaults to everything after the oldest message. */
export function updateFlagsForNarrow(client: ApiClient, narrow: unknown[], op: string, flag: string, params: Record<string, unknown> = {}): Promise<ApiResponse> {
  return client.post('/messages/flags/narrow', { anchor: 'oldest', num_before: 0, num_after: 1000, narrow, op, flag, ...params });
}

/** The caller's flags on one message, as GET /messages/{id} reports them. */
export async function flagsOn(client: ApiClient, id: number): Promise<string[]> {
  const flags = arrayField(objectField(expectSuccess(await client.get(`/messages/${id}`)), 'message'), 'flags');
  return flags.map(String).sort();
}

/** `unread_msgs` of a fresh register (other register parameters as given). */
export async function unreadState(client: ApiClient, params: Record<string, unknown> = {}): Promise<JsonObject> {
  const queue = await registerQueue(client, { fetch_event_types: ['message', 'update_message_flags'], ...params });
  return objectField(queue.state, 'unread_msgs');
}

/** Every unread message id `unread_msgs` lists (channels, one-to-one and group conversations), ascending. */
export function unreadIdsOf(unread: JsonObject): number[] {
  const ids = ['streams', 'pms', 'huddles'].flatMap((key) => objectsField(unread, key).flatMap((bucket) => numbersField(bucket, 'unread_message_ids')));
  return ids.sort((a, b) => a - b);
}

/** The caller's unread message ids, through a fresh register. */
export async function unreadIds(client: ApiClient): Promise<number[]> {
  return unreadIdsOf(await unreadState(client));
}
