import Database from 'better-sqlite3';
import { expect } from 'chai';
import type { ApiClient, ApiResponse } from './api-client.js';
import { type JsonObject, numberField, objectsField } from './json-fields.js';
import { expectSuccess } from './response-assertions.js';
import type { TestServer } from './test-server.js';

/** POST /users/me/subscriptions naming channels (with optional descriptions); other parameters as given. */
export function subscribe(client: ApiClient, channels: (string | { name: string; description?: string })[], params: Record<string, unknown> = {}): Promise<ApiResponse> {
  return client.post('/users/me/subscriptions', { subscriptions: channels.map((channel) => (typeof channel === 'string' ? { name: channel } : channel)), ...params });
}

export function unsubscribe(client: ApiClient, names: string[], params: Record<string, unknown> = {}): Promise<ApiResponse> {
  return client.delete('/users/me/subscriptions', { subscriptions: names, ...params });
}

/** Creates channels as `client` (who joins them) and returns their ids in the order named. */
export async function createChannels(client: ApiClient, names: string[], params: Record<string, unknown> = {}): Promise<number[]> {
  expectSuccess(await subscribe(client, names, params));
  const ids = [];
  for (const name of names) ids.push(numberField(expectSuccess(await client.get('/get_stream_id', { stream: name })), 'stream_id'));
  return ids;
}

export async function mySubscriptions(client: ApiClient, params: Record<string, unknown> = {}): Promise<JsonObject[]> {
  return objectsField(expectSuccess(await client.get('/users/me/subscriptions', params)), 'subscriptions');
}

/** Rows in the server's SQLite event log: what a refused request must leave unchanged. */
export function logRowCount(server: TestServer): number {
  const db = new Database(`${server.dataDir}/events.sqlite3`, { readonly: true, fileMustExist: true });
  try {
    return (db.prepare('SELECT COUNT(*) AS n FROM events').get() as { n: number }).n;
  } finally {
    db.close();
  }
}

/** Sends the request, checks its answer with `check`, then that the log gained no row (a refusal records nothing). */
export async function expectNothingRecorded(server: TestServer, request: () => Promise<ApiResponse>, check: (res: ApiResponse) => void): Promise<void> {
  const rows = logRowCount(server);
  check(await request());
  expect(logRowCount(server)).to.equal(rows);
}
