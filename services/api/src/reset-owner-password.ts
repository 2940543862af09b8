import { randomBytes } from 'node:crypto';
import { pino } from 'pino';
import { normalizeEmail, Role, streams } from '@chat/core';
import { AS_READ } from './commands/command-bus.js';
import { closeContext, composeServer } from './compose.js';
import type { Config } from './config.js';
import { lockDataDir } from './ops/data-dir-lock.js';
import { preparePrivateDir } from './files/private-files.js';

export class NoSuchOwner extends Error {}

/**
 * Gives an organization owner a new generated password, with no server running on the data
 * directory (its lock is taken, so a running server is refused): for an owner who never saw the
 * password their first start printed, or lost it. `email` picks the owner; without it, the first
 * active one. Recorded as UserPasswordChanged by no user (the operator), like the first start's events.
 */
export async function resetOwnerPassword(config: Config, email?: string): Promise<{ email: string; password: string }> {
  preparePrivateDir(config.dataDir);
  const lock = lockDataDir(config.dataDir);
  try {
    const ctx = await composeServer(config, { log: pino({ level: 'silent' }) });
    try {
      const owners = (await ctx.models.users.all()).filter((user) => user.role === Role.Owner && user.is_active && !user.is_bot).sort((a, b) => a.user_id - b.user_id);
      const owner = email === undefined ? owners[0] : owners.find((user) => user.email === normalizeEmail(email));
      if (!owner) throw new NoSuchOwner(email === undefined ? 'the organization has no active owner' : `${email} is not an active owner of the organization`);
      const password = randomBytes(12).toString('base64url');
      const password_hash = await ctx.passwords.hash(password);
      await ctx.bus.run({ actorId: null, requestId: `owner-password-${randomBytes(8).toString('hex')}`, client: 'owner-password' }, async () => ({
        appends: [{ stream: streams.user(owner.user_id), expected: AS_READ, events: [{ type: 'UserPasswordChanged', data: { user_id: owner.user_id, password_hash } }] }],
        result: undefined,
      }));
      return { email: owner.email, password };
    } finally {
      await closeContext(ctx);
    }
  } finally {
    lock.release();
  }
}
