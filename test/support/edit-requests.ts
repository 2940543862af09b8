import { createHash } from 'node:crypto';
import { expect } from 'chai';
import type { ApiClient, ApiResponse } from './api-client.js';
import { type JsonObject, objectField } from './json-fields.js';
import { expectSuccess } from './response-assertions.js';
import type { TestServer } from './test-server.js';

/** PATCH /messages/{id} with the parameters given. */
export function editMessage(client: ApiClient, id: number, params: Record<string, unknown>): Promise<ApiResponse> {
  return client.patch(`/messages/${id}`, params);
}

/** An edit that must succeed: checks the answer is exactly the success envelope with no detached uploads. */
export async function edited(client: ApiClient, id: number, params: Record<string, unknown>): Promise<void> {
  expect(expectSuccess(await editMessage(client, id, params))).to.deep.equal({ result: 'success', msg: '', detached_uploads: [] });
}

/** GET /messages/{id} as the client sees it (Markdown content, the empty topic as ""). */
export async function messageAs(client: ApiClient, id: number): Promise<JsonObject> {
  return objectField(expectSuccess(await client.get(`/messages/${id}`, { apply_markdown: false, allow_empty_topic_name: true })), 'message');
}

/** The channel and topic a message is in now, as the client reads it. */
export async function placeOf(client: ApiClient, id: number): Promise<{ stream_id: unknown; subject: unknown }> {
  const message = await messageAs(client, id);
  return { stream_id: message.stream_id, subject: message.subject };
}

export const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** Moves the server's clock forward by whole seconds. */
export const advanceSeconds = (server: TestServer, seconds: number): void => server.clock.advance(seconds * 1000);
