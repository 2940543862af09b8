import { decideUpdateUser, normalizeEmail, ownersChanged, Role, streams, type UpdateUser, type UserEvent, type UserState } from '@chat/core';
import { claimKey, releaseKey } from '../commands/claims.js';
import { AS_READ, type Origin, type StreamAppend } from '../commands/command-bus.js';
import type { Commands, LogReads, Reads } from '../dependencies.js';

/** What changing a user reads and writes through. */
export type UserWrites = Commands & LogReads & Reads<'profileFields' | 'users'>;

/**
 * An administrator changes another account; an address change moves the address claim too. A change
 * of the owners also appends to the owners' guard stream as read, so two owners demoting each other
 * at once (in any processes, on any lag of the read models) cannot both succeed: the second is
 * decided again and refused.
 */
export async function updateUser(deps: UserWrites, origin: Origin, actor: UserState, targetId: number, cmd: UpdateUser): Promise<void> {
  await deps.bus.run(origin, async () => {
    const target = await deps.models.users.get(targetId);
    if (!target) throw new Error(`user ${targetId} vanished`);
    // Only the requested address can collide: look that one up instead of loading every user.
    const requested = cmd.new_email === undefined ? null : normalizeEmail(cmd.new_email);
    const holder = requested === null ? undefined : await deps.models.users.findOne('email', requested);
    const owners = (await deps.models.users.findMany('role', Role.Owner)).filter((user) => user.is_active).map((user) => user.user_id);
    const fields = await deps.models.profileFields.all();
    const events = decideUpdateUser(
      {
        actor: (await deps.models.users.get(actor.user_id)) ?? actor,
        target,
        activeOwnerCount: owners.length,
        profileFieldIds: new Set(fields.map((field) => field.id)),
        isEmailTaken: (email) => holder !== undefined && email === requested,
      },
      cmd,
    );
    const appends: StreamAppend[] = await emailClaims(deps, events, target.user_id);
    const guard = ownersChanged(owners, events);
    if (guard) appends.push({ stream: streams.realmOwners(), expected: AS_READ, events: [guard] });
    appends.push({ stream: streams.user(targetId), expected: AS_READ, events });
    return { appends, result: undefined };
  });
}

/** The claim moves with the address: the new one is reserved before the old one is released. */
export async function emailClaims(deps: LogReads, events: readonly UserEvent[], userId: number): Promise<StreamAppend[]> {
  const change = events.find((event) => event.type === 'UserEmailChanged');
  if (!change || change.type !== 'UserEmailChanged') return [];
  return [
    await claimKey(deps.store, 'email', change.data.email, userId, `Email '${change.data.email}' already in use`),
    await releaseKey(deps.store, 'email', change.data.previous_email, userId),
  ];
}
