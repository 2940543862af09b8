import Database from 'better-sqlite3';
import { expect } from 'chai';
import type { ApiClient, ApiResponse } from './api-client.js';
import type { TestServer } from './test-server.js';

/** The request failed with 400, this code, and a message containing `mentions`. */
export function expectError(res: ApiResponse, code: string, mentions: string): void {
  expect(res.status, JSON.stringify(res.body)).to.equal(400);
  expect(res.body).to.include({ result: 'error', code });
  expect(res.body.msg).to.contain(mentions);
}

export function expectOk(res: ApiResponse): Record<string, any> {
  expect(res.status, JSON.stringify(res.body)).to.equal(200);
  expect(res.body).to.include({ result: 'success', msg: '' });
  return res.body;
}

/** POST /users/me/subscriptions naming channels (with optional descriptions); other parameters as given. */
export function subscribe(client: ApiClient, channels: (string | { name: string; description?: string })[], params: Record<string, unknown> = {}): Promise<ApiResponse> {
  return client.post('/users/me/subscriptions', { subscriptions: channels.map((channel) => (typeof channel === 'string' ? { name: channel } : channel)), ...params });
}

export function unsubscribe(client: ApiClient, names: string[], params: Record<string, unknown> = {}): Promise<ApiResponse> {
  return client.delete('/users/me/subscriptions', { subscriptions: names, ...params });
}

/** Creates channels as `client` (who joins them) and returns their ids in the order named. */
export async function createChannels(client: ApiClient, names: string[], params: Record<string, unknown> = {}): Promise<number[]> {
  expectOk(await subscribe(client, names, params));
  const ids = [];
  for (const name of names) ids.push(expectOk(await client.get('/get_stream_id', { stream: name })).stream_id as number);
  return ids;
}

export async function mySubscriptions(client: ApiClient, params: Record<string, unknown> = {}): Promise<Record<string, any>[]> {
  return expectOk(await client.get('/users/me/subscriptions', params)).subscriptions as Record<string, any>[];
}

/** System group ids by name, as GET /user_groups lists them. */
export async function systemGroupIds(client: ApiClient): Promise<Record<string, number>> {
  const groups = expectOk(await client.get('/user_groups')).user_groups as { id: number; name: string; is_system_group: boolean }[];
  return Object.fromEntries(groups.filter((group) => group.is_system_group).map((group) => [group.name, group.id]));
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
