import { expect } from 'chai';
import type { ApiClient, ApiResponse } from './api-client.js';
import { type JsonObject, numberField, objectField, objectsField } from './json-fields.js';
import { expectSuccess } from './response-assertions.js';

/** GET /messages with a window over everything (oldest anchor, 1000 after) unless the params say otherwise. */
export function fetchMessages(client: ApiClient, params: Record<string, unknown> = {}): Promise<ApiResponse> {
  return client.get('/messages', { anchor: 'oldest', num_before: 0, num_after: 1000, ...params });
}

/** The message records a successful GET /messages returned. */
export async function fetchedRecords(client: ApiClient, params: Record<string, unknown> = {}): Promise<JsonObject[]> {
  return objectsField(expectSuccess(await fetchMessages(client, params)), 'messages');
}

/** The ids of the messages a narrow finds, ascending (the whole narrow, from the oldest end). */
export async function idsOfNarrow(client: ApiClient, narrow: unknown[], params: Record<string, unknown> = {}): Promise<number[]> {
  return (await fetchedRecords(client, { narrow, ...params })).map((record) => numberField(record, 'id'));
}

/** The ids in a GET /messages body, in the order returned. */
export const idsIn = (body: JsonObject): number[] => objectsField(body, 'messages').map((record) => numberField(record, 'id'));

/** GET /messages/{id}; the record of a success. */
export async function fetchedMessage(client: ApiClient, id: number, params: Record<string, unknown> = {}): Promise<JsonObject> {
  return objectField(expectSuccess(await client.get(`/messages/${id}`, params)), 'message');
}

/** The window fields of a GET /messages answer other than the messages. */
export function expectWindow(body: JsonObject, expected: { anchor: number; found_anchor: boolean; found_oldest: boolean; found_newest: boolean }): void {
  expect({ anchor: body.anchor, found_anchor: body.found_anchor, found_oldest: body.found_oldest, found_newest: body.found_newest, history_limited: body.history_limited }).to.deep.equal({
    ...expected,
    history_limited: false,
  });
}
