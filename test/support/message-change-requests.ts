import type { ApiClient, ApiResponse } from './api-client.js';
import { objectField, objectsField, type JsonObject } from './json-fields.js';
import { expectSuccess } from './response-assertions.js';

/** POST /messages/{id}/reactions with the emoji parameters given. */
export function react(client: ApiClient, messageId: number | string, emoji: Record<string, unknown>): Promise<ApiResponse> {
  return client.post(`/messages/${messageId}/reactions`, emoji);
}

/** DELETE /messages/{id}/reactions with the emoji parameters given. */
export function unreact(client: ApiClient, messageId: number | string, emoji: Record<string, unknown>): Promise<ApiResponse> {
  return client.delete(`/messages/${messageId}/reactions`, emoji);
}

/** DELETE /messages/{id}. */
export function deleteMessage(client: ApiClient, messageId: number | string): Promise<ApiResponse> {
  return client.delete(`/messages/${messageId}`);
}

/** GET /messages/{id} as `client` sees it (the request must succeed): the message record. */
export async function fetchMessage(client: ApiClient, messageId: number): Promise<JsonObject> {
  return objectField(expectSuccess(await client.get(`/messages/${messageId}`)), 'message');
}

/** The reactions of a message as `client` reads them with GET /messages/{id}, without the deprecated user objects. */
export async function reactionsOf(client: ApiClient, messageId: number): Promise<JsonObject[]> {
  return objectsField(await fetchMessage(client, messageId), 'reactions').map(({ emoji_name, emoji_code, reaction_type, user_id }) => ({ emoji_name, emoji_code, reaction_type, user_id }));
}
