import type { ApiClient, ApiResponse } from './api-client.js';
import { numberField } from './json-fields.js';
import { expectSuccess } from './response-assertions.js';

/** POST /messages to a channel's topic; other parameters as given. */
export function sendToChannel(client: ApiClient, channel: string | number, topic: string, content: string, params: Record<string, unknown> = {}): Promise<ApiResponse> {
  return client.post('/messages', { type: 'channel', to: channel, topic, content, ...params });
}

/** POST /messages to users (ids or addresses); other parameters as given. */
export function sendDirect(client: ApiClient, to: (number | string)[], content: string, params: Record<string, unknown> = {}): Promise<ApiResponse> {
  return client.post('/messages', { type: 'direct', to: JSON.stringify(to), content, ...params });
}

/** Sends to a channel and returns the new message's id (the send must succeed). */
export async function postToChannel(client: ApiClient, channel: string | number, topic: string, content: string, params: Record<string, unknown> = {}): Promise<number> {
  return numberField(expectSuccess(await sendToChannel(client, channel, topic, content, params)), 'id');
}

/** Sends a direct message and returns its id (the send must succeed). */
export async function postDirect(client: ApiClient, to: (number | string)[], content: string, params: Record<string, unknown> = {}): Promise<number> {
  return numberField(expectSuccess(await sendDirect(client, to, content, params)), 'id');
}
