import { decideCreateUser, normalizeEmail, type RoleValue, streams } from '@chat/core';
import { claimKey } from '../commands/claims.js';
import type { Origin } from '../commands/command-bus.js';
import { channelJoinAppends } from './channel-joins.js';
import type { ServerContext } from '../server-context.js';

export interface CreateUserInput {
  email: string;
  password: string | null;
  full_name: string;
  role?: RoleValue;
  can_change_user_emails?: boolean;
  /** Channels to join besides the default ones (an invitation's). */
  channel_ids?: readonly number[];
}

/** Creates an account: reserves the address, then records the user. Returns the new user id. */
export async function createUser(ctx: ServerContext, origin: Origin, input: CreateUserInput): Promise<number> {
  const email = normalizeEmail(input.email);
  const password_hash = input.password === null ? null : await ctx.passwords.hash(input.password);
  const user_id = await ctx.ids.next('user');
  return ctx.bus.run(origin, async () => {
    const actor = origin.actorId === null ? null : ((await ctx.models.users.get(origin.actorId)) ?? null);
    const emailTaken = (await ctx.models.users.findOne('email', email)) !== undefined;
    const events = decideCreateUser({ actor, emailTaken }, { ...input, email, user_id, password_hash });
    const claim = await claimKey(ctx.store, 'email', email, user_id, `Email '${email}' already in use`);
    const joins = await channelJoinAppends(ctx, [user_id], (channel) => channel.is_default || (input.channel_ids ?? []).includes(channel.channel_id));
    return { appends: [claim, { stream: streams.user(user_id), expected: 'no_stream', events }, ...joins], result: user_id };
  });
}
