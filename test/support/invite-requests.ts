import { expect } from 'chai';
import type { ApiClient, ApiResponse } from './api-client.js';
import { stringField } from './json-fields.js';
import { expectSuccess } from './response-assertions.js';
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

/** POST /invites/multiuse, which must succeed with a link `<external URL>/join/<key>/`. */
export async function createLink(server: TestServer, client: ApiClient, params: Record<string, unknown> = {}): Promise<CreatedLink> {
  const url = stringField(expectSuccess(await client.post('/invites/multiuse', params)), 'invite_link');
  const prefix = `${server.ctx.config.externalUrl}/join/`;
  expect(url.startsWith(prefix), url).to.equal(true);
  const match = /^([A-Za-z0-9_-]{24,})\/$/.exec(url.slice(prefix.length));
  expect(match, url).to.not.equal(null);
  return { url, key: match![1] };
}

export async function listInvites(client: ApiClient): Promise<InviteRecord[]> {
  return expectSuccess(await client.get('/invites')).invites as InviteRecord[];
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
