import {
  decideCreateProfileField,
  decideDeleteProfileField,
  decideReorderProfileFields,
  decideUpdateProfileField,
  type DomainEvent,
  type ProfileFieldChanges,
  type ProfileFieldContext,
  streams,
} from '@chat/core';
import { AS_READ, type Origin } from '../commands/command-bus.js';
import type { Allocates, Commands, Reads } from '../dependencies.js';

/** What onProfileFields uses. */
type OnProfileFieldsDeps = Commands & Reads<'profileFields' | 'users'>;
/** What createProfileField uses. */
type CreateProfileFieldDeps = Commands & Allocates & Reads<'profileFields' | 'users'>;

/**
 * Decides on the fields as they stand at the realm stream's revision read first (a field change
 * appended meanwhile fails the append, and the command decides again), then appends to that stream.
 */
async function onProfileFields(ctx: OnProfileFieldsDeps, origin: Origin, actorId: number, decide: (pc: ProfileFieldContext) => DomainEvent[]): Promise<void> {
  const stream = streams.realm();
  await ctx.bus.run(origin, async () => {
    const expected = AS_READ;
    const actor = await ctx.models.users.get(actorId);
    if (!actor) throw new Error(`user ${actorId} missing`);
    const events = decide({ actor, fields: await ctx.models.profileFields.all() });
    return { appends: events.length === 0 ? [] : [{ stream, expected, events }], result: undefined };
  });
}

/** POST /realm/profile_fields: returns the new field's id. */
export async function createProfileField(ctx: CreateProfileFieldDeps, origin: Origin, actorId: number, input: { name: string; hint: string; field_type: number }): Promise<number> {
  const field_id = await ctx.ids.next('profile_field');
  await onProfileFields(ctx, origin, actorId, (pc) => decideCreateProfileField(pc, { field_id, ...input }));
  return field_id;
}

/** PATCH /realm/profile_fields/{field_id} */
export const updateProfileField = (ctx: OnProfileFieldsDeps, origin: Origin, actorId: number, fieldId: number, changes: ProfileFieldChanges): Promise<void> =>
  onProfileFields(ctx, origin, actorId, (pc) => decideUpdateProfileField(pc, fieldId, changes));

/** DELETE /realm/profile_fields/{field_id} */
export const deleteProfileField = (ctx: OnProfileFieldsDeps, origin: Origin, actorId: number, fieldId: number): Promise<void> =>
  onProfileFields(ctx, origin, actorId, (pc) => decideDeleteProfileField(pc, fieldId));

/** PATCH /realm/profile_fields */
export const reorderProfileFields = (ctx: OnProfileFieldsDeps, origin: Origin, actorId: number, order: readonly number[]): Promise<void> =>
  onProfileFields(ctx, origin, actorId, (pc) => decideReorderProfileFields(pc, order));
