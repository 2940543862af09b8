import { expect } from 'chai';
import type { ApiClient, ApiResponse } from './api-client.js';
import type { JsonObject } from './json-fields.js';

/** GET /audit/<path> as `client`, with query parameters; lists are sent as JSON. */
export function audit(client: ApiClient, path: string, params: Record<string, unknown> = {}): Promise<ApiResponse> {
  return client.get(`/audit/${path}`, params);
}

/** GET /audit/trail entries as an owner, failing on anything but success. */
export async function trail(client: ApiClient, params: Record<string, unknown> = {}): Promise<{ entries: JsonObject[]; next_after: number | null }> {
  const res = await audit(client, 'trail', params);
  expect(res.status, JSON.stringify(res.body)).to.equal(200);
  return { entries: res.body.entries as JsonObject[], next_after: res.body.next_after as number | null };
}

/** What the refusal of a non-owner looks like. */
export function expectOwnersOnly(res: ApiResponse): void {
  expect(res.status).to.equal(400);
  expect(res.body).to.deep.include({ result: 'error', code: 'UNAUTHORIZED_PRINCIPAL' });
}
