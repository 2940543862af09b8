import { randomBytes } from 'node:crypto';
import { decideCreateRealm, Role, streams } from '@chat/core';
import { REALM_KEY } from '@chat/projections';
import { createUser } from './actions/create-user.js';
import { ensureSystemGroups } from './actions/user-groups.js';
import { ensureNotificationBot } from './actions/system-bots.js';
import type { Config } from './config.js';
import type { Passwords } from './secrets/passwords.js';
import type { ServerContext } from './server-context.js';

export const DEFAULT_OWNER_EMAIL = 'owner@example.com';
export const DEFAULT_ORG_NAME = 'Chat';
const GROUPS_ORIGIN = { actorId: null, requestId: 'bootstrap-groups', client: 'server' };
const BOTS_ORIGIN = { actorId: null, requestId: 'bootstrap-bots', client: 'server' };

export interface BootstrapOutcome {
  created: boolean;
  /** Set only when the password was generated here: shown once, never stored in clear. */
  generatedCredentials?: { email: string; password: string };
}

/** The owner a first start creates: the password chosen or generated, its hash begun at once. */
export interface OwnerToCreate {
  email: string;
  password: string;
  generated: boolean;
  hash: Promise<string>;
}

/**
 * Chooses the owner's credentials and starts hashing the password (scrypt, tens of milliseconds on
 * the thread pool). A first start calls it before opening the stores, so the hash is ready by the time
 * the organization is created rather than making the first answer wait for it.
 */
export function ownerToCreate(config: Pick<Config, 'ownerEmail' | 'ownerPassword'>, passwords: Pick<Passwords, 'hash'>): OwnerToCreate {
  const password = config.ownerPassword ?? randomBytes(12).toString('base64url');
  const hash = passwords.hash(password);
  hash.catch(() => undefined); // awaited (and its failure met) by the bootstrap, or never needed
  return { email: config.ownerEmail ?? DEFAULT_OWNER_EMAIL, password, generated: config.ownerPassword === null, hash };
}

/**
 * The first start on an empty log creates the organization and its owner. A start that stopped
 * between the two (the organization recorded, its owner not) creates the owner now: an organization
 * always ends up with one, and the generated password is shown by the start that created it.
 */
export async function bootstrapOrganization(ctx: ServerContext, early: OwnerToCreate | null = null): Promise<BootstrapOutcome> {
  const exists = (await ctx.models.realm.get(REALM_KEY)) !== undefined;
  if (exists && (await hasOwner(ctx))) {
    // A log written before user groups existed gets its system groups on the next start.
    await ensureSystemGroups(ctx, GROUPS_ORIGIN);
    await ensureNotificationBot(ctx, BOTS_ORIGIN);
    return { created: false };
  }
  const { config } = ctx;
  const origin = { actorId: null, requestId: 'bootstrap', client: 'server' };
  const { email, password, generated, hash } = early ?? ownerToCreate(config, ctx.passwords);
  if (!exists) {
    const events = decideCreateRealm({ name: config.orgName ?? DEFAULT_ORG_NAME });
    await ctx.bus.commit(origin, [{ stream: streams.realm(), expected: 'no_stream', events }]);
  }
  await createUser(ctx, origin, { email, password, full_name: 'Owner', role: Role.Owner, can_change_user_emails: true }, hash);
  // Its own request id: event ids derive from (request, stream, index) and the realm stream is shared.
  await ensureSystemGroups(ctx, GROUPS_ORIGIN);
  await ensureNotificationBot(ctx, BOTS_ORIGIN);
  return generated ? { created: true, generatedCredentials: { email, password } } : { created: true };
}

async function hasOwner(ctx: ServerContext): Promise<boolean> {
  return (await ctx.models.users.all()).some((user) => user.role === Role.Owner);
}
