import { expect } from 'chai';
import type { ApiClient, ApiResponse } from './api-client.js';
import type { TestServer } from './test-server.js';

/** POST /users/me/presence, which must succeed; returns the body. */
export async function ping(client: ApiClient, params: Record<string, unknown>): Promise<ApiResponse['body']> {
  const res = await client.post('/users/me/presence', params);
  expect(res.status, JSON.stringify(res.body)).to.equal(200);
  expect(res.body).to.include({ result: 'success', msg: '' });
  return res.body;
}

/** The request failed with a 400 of this code whose message names `mentions`. */
export function expectRefused(res: ApiResponse, code: string, mentions: string): void {
  expect(res.status, JSON.stringify(res.body)).to.equal(400);
  expect(res.body).to.include({ result: 'error', code });
  expect(res.body.msg).to.contain(mentions);
}

/** The server's clock in UNIX seconds, whole and with the fraction. */
export const nowSeconds = (server: TestServer): number => Math.floor(server.clock.now() / 1000);
export const serverTimestamp = (server: TestServer): number => server.clock.now() / 1000;

export const modern = (activeAt: number, idleAt: number) => ({ active_timestamp: activeAt, idle_timestamp: idleAt });

export const legacy = (status: 'active' | 'idle', timestamp: number) => ({
  aggregated: { client: 'website', status, timestamp },
  website: { client: 'website', status, timestamp, pushable: false },
});
