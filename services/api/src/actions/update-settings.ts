import { createHash, randomBytes } from 'node:crypto';
import { decideUpdateSettings, normalizeEmail, streams, type UpdateSettings } from '@chat/core';
import { REALM_KEY } from '@chat/projections';
import { AS_READ, type Origin } from '../commands/command-bus.js';
import { draftDiscards } from './drafts.js';
import type { Clocked, Commands, Configured, Reads, Uses } from '../dependencies.js';

/** What updateSettings uses. */
type UpdateSettingsDeps = Commands & Clocked & Configured & Reads<'drafts' | 'realm' | 'users'> & Uses<'mailer' | 'passwords'>;

export const EMAIL_CHANGE_VALIDITY_MS = 24 * 60 * 60 * 1000;
export const tokenDigest = (token: string): string => createHash('sha256').update(token).digest('hex');

/** PATCH /settings: checks the password outside the domain, decides, records, and mails a confirmation link. */
export async function updateSettings(ctx: UpdateSettingsDeps, origin: Origin, userId: number, cmd: UpdateSettings): Promise<void> {
  const before = await ctx.models.users.get(userId);
  if (!before) throw new Error(`user ${userId} missing`);
  const oldPasswordMatches = cmd.old_password !== undefined && (await ctx.passwords.verify(cmd.old_password, before.password_hash));
  const newPasswordHash = cmd.new_password !== undefined && oldPasswordMatches ? await ctx.passwords.hash(cmd.new_password) : null;
  const token = randomBytes(24).toString('hex');
  const stream = streams.user(userId);
  const events = await ctx.bus.run(origin, async () => {
    const user = await ctx.models.users.get(userId);
    const realm = await ctx.models.realm.get(REALM_KEY);
    if (!user || !realm) throw new Error('organization not initialised');
    const decided = decideUpdateSettings(
      {
        user,
        realm: realm.settings,
        oldPasswordMatches,
        newPasswordHash,
        newEmailTaken: cmd.email !== undefined && (await ctx.models.users.findOne('email', normalizeEmail(cmd.email))) !== undefined,
        emailChange: { token_digest: tokenDigest(token), expires_at: ctx.clock.now() + EMAIL_CHANGE_VALIDITY_MS },
      },
      cmd,
    );
    // Turning draft synchronization off drops the user's drafts from the server in the same command.
    const discards = await draftDiscards(ctx, userId, decided);
    return { appends: [{ stream, expected: AS_READ, events: decided }, ...discards], result: decided };
  });
  const request = events.find((event) => event.type === 'UserEmailChangeRequested');
  if (request && request.type === 'UserEmailChangeRequested') {
    await ctx.mailer.send({
      to: request.data.new_email,
      subject: 'Confirm your new email address',
      body: `Open this link to confirm your new address:\n${ctx.config.externalUrl}/accounts/confirm_new_email/${token}\n`,
    });
  }
}
