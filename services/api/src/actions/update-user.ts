import { decideUpdateUser, normalizeEmail, Role, streams, type UpdateUser, type UserEvent, type UserState } from '@chat/core';
import { claimKey, releaseKey } from '../commands/claims.js';
import type { Origin, StreamAppend } from '../commands/command-bus.js';
import { currentRevision } from '../commands/expected-revision.js';
import type { ServerContext } from '../server-context.js';

/** An administrator changes another account; an address change moves the address claim too. */
export async function updateUser(ctx: ServerContext, origin: Origin, actor: UserState, targetId: number, cmd: UpdateUser): Promise<void> {
  await ctx.bus.run(origin, async () => {
    const target = await ctx.models.users.get(targetId);
    if (!target) throw new Error(`user ${targetId} vanished`);
    // Only the requested address can collide: look that one up instead of loading every user.
    const requested = cmd.new_email === undefined ? null : normalizeEmail(cmd.new_email);
    const holder = requested === null ? undefined : await ctx.models.users.findOne('email', requested);
    const owners = await ctx.models.users.findMany('role', Role.Owner);
    const fields = await ctx.models.profileFields.all();
    const events = decideUpdateUser(
      {
        actor: (await ctx.models.users.get(actor.user_id)) ?? actor,
        target,
        activeOwnerCount: owners.filter((user) => user.is_active).length,
        profileFieldIds: new Set(fields.map((field) => field.id)),
        isEmailTaken: (email) => holder !== undefined && email === requested,
      },
      cmd,
    );
    const appends: StreamAppend[] = await emailClaims(ctx, events, target.user_id);
    appends.push({ stream: streams.user(targetId), expected: await currentRevision(ctx.store, streams.user(targetId)), events });
    return { appends, result: undefined };
  });
}

/** The claim moves with the address: the new one is reserved before the old one is released. */
export async function emailClaims(ctx: ServerContext, events: readonly UserEvent[], userId: number): Promise<StreamAppend[]> {
  const change = events.find((event) => event.type === 'UserEmailChanged');
  if (!change || change.type !== 'UserEmailChanged') return [];
  return [
    await claimKey(ctx.store, 'email', change.data.email, userId, `Email '${change.data.email}' already in use`),
    await releaseKey(ctx.store, 'email', change.data.previous_email, userId),
  ];
}
