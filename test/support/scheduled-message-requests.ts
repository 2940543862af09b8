import type { ApiClient, ApiResponse } from './api-client.js';
import { type JsonObject, numberField, objectsField } from './json-fields.js';
import { expectSuccess } from './response-assertions.js';

/** POST /scheduled_messages of a channel message; other parameters as given. */
export function scheduleToChannel(client: ApiClient, channelId: number, topic: string, content: string, at: number, params: Record<string, unknown> = {}): Promise<ApiResponse> {
  return client.post('/scheduled_messages', { type: 'stream', to: channelId, topic, content, scheduled_delivery_timestamp: at, ...params });
}

/** POST /scheduled_messages of a direct message. */
export function scheduleDirect(client: ApiClient, to: number[], content: string, at: number, params: Record<string, unknown> = {}): Promise<ApiResponse> {
  return client.post('/scheduled_messages', { type: 'direct', to, content, scheduled_delivery_timestamp: at, ...params });
}

/** The id of a scheduling that must succeed. */
export const scheduledId = (res: ApiResponse): number => numberField(expectSuccess(res), 'scheduled_message_id');

/** GET /scheduled_messages */
export async function listScheduled(client: ApiClient): Promise<JsonObject[]> {
  return objectsField(expectSuccess(await client.get('/scheduled_messages')), 'scheduled_messages');
}
