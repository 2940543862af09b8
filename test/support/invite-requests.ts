import { expect } from 'chai';
import type { ApiClient, ApiResponse } from './api-client.js';
import type { TestServer } from './test-server.js';

/** An entry of GET /invites. */
export interface InviteRecord {
  id: number;
  invited_by_user_id: number;
  invited: number;
  expiry_date: number | null;
  invited_as: number;
  is_multiuse: boolean;
}

/** A link as its creator received it, with the key its URL carries. */
export interface CreatedLink {
  url: string;
  key: string;
}

/** The request failed with 400 BAD_REQUEST and a message containing `mentions`. */
export function expectBadRequest(res: ApiResponse, mentions: string): void {
  expect(res.status, JSON.stringify(res.body)).to.equal(400);
  expect(res.body).to.include({ result: 'error', code: 'BAD_REQUEST' });
  expect(res.body.msg).to.contain(mentions);
}

export function expectOk(res: ApiResponse): Record<string, any> {
  expect(res.status, JSON.stringify(res.body)).to.equal(200);
  expect(res.body).to.include({ result: 'success', msg: '' });
  return res.body;
}

/** POST /invites/multiuse, which must succeed with a link `<external URL>/join/<key>/`. */
export async function createLink(server: TestServer, client: ApiClient, params: Record<string, unknown> = {}): Promise<CreatedLink> {
  const url = expectOk(await client.post('/invites/multiuse', params)).invite_link as string;
  const prefix = `${server.ctx.config.externalUrl}/join/`;
  expect(url.startsWith(prefix), url).to.equal(true);
  const match = /^([A-Za-z0-9_-]{24,})\/$/.exec(url.slice(prefix.length));
  expect(match, url).to.not.equal(null);
  return { url, key: match![1] };
}

export async function listInvites(client: ApiClient): Promise<InviteRecord[]> {
  return expectOk(await client.get('/invites')).invites as InviteRecord[];
}

let serial = 0;

/** A new person's details for accepting a link. */
export function newcomer(name = 'Newcomer'): { email: string; password: string; full_name: string } {
  serial += 1;
  return { email: `${name.toLowerCase()}.${serial}@joiners.example`, password: `joiner-secret-${serial}-pw`, full_name: name };
}

/** POST /invites/multiuse/accept without credentials. */
export const acceptLink = (server: TestServer, key: string, person: Record<string, unknown>): Promise<ApiResponse> =>
  server.anonymous.post('/invites/multiuse/accept', { key, ...person });
