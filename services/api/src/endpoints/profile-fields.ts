import type { ProfileFieldChanges } from '@chat/core';
import type { CallOf } from '@chat/http';
import { profileFieldsInOrder } from '@chat/projections';
import { createProfileField, deleteProfileField, reorderProfileFields, updateProfileField } from '../actions/profile-fields.js';
import { callerUser, originOf } from './call-context.js';
import type { Allocates, Commands, Reads } from '../dependencies.js';

/** What createProfileFieldEndpoint uses. */
type CreateProfileFieldEndpointDeps = Commands & Allocates & Reads<'profileFields' | 'users'>;

/** GET /realm/profile_fields */
export async function listProfileFields(ctx: Reads<'profileFields'>): Promise<Record<string, unknown>> {
  return { custom_fields: profileFieldsInOrder(await ctx.models.profileFields.all()) };
}

/** POST /realm/profile_fields: administrators add a field users' profiles can fill. */
export async function createProfileFieldEndpoint(ctx: CreateProfileFieldEndpointDeps, call: CallOf<'profile-field-create'>): Promise<Record<string, unknown>> {
  const actor = await callerUser(ctx, call);
  const p = call.params;
  const id = await createProfileField(ctx, originOf(call), actor.user_id, { name: p.name, hint: p.hint ?? '', field_type: p.field_type });
  return { id };
}

/** PATCH /realm/profile_fields/{field_id} */
export async function updateProfileFieldEndpoint(ctx: Commands & Reads<'profileFields' | 'users'>, call: CallOf<'profile-field-update'>): Promise<Record<string, unknown>> {
  const actor = await callerUser(ctx, call);
  const p = call.params;
  const changes: ProfileFieldChanges = {};
  if (p.name !== undefined) changes.name = p.name;
  if (p.hint !== undefined) changes.hint = p.hint;
  for (const flag of ['display_in_profile_summary', 'required', 'editable_by_user'] as const) {
    const value = p[flag];
    if (value !== undefined) changes[flag] = value;
  }
  await updateProfileField(ctx, originOf(call), actor.user_id, call.path.field_id, changes);
  return {};
}

/** DELETE /realm/profile_fields/{field_id} */
export async function deleteProfileFieldEndpoint(ctx: Commands & Reads<'profileFields' | 'users'>, call: CallOf<'profile-field-delete'>): Promise<Record<string, unknown>> {
  const actor = await callerUser(ctx, call);
  await deleteProfileField(ctx, originOf(call), actor.user_id, call.path.field_id);
  return {};
}

/** PATCH /realm/profile_fields: the new display order. */
export async function reorderProfileFieldsEndpoint(ctx: Commands & Reads<'profileFields' | 'users'>, call: CallOf<'profile-fields-reorder'>): Promise<Record<string, unknown>> {
  const actor = await callerUser(ctx, call);
  await reorderProfileFields(ctx, originOf(call), actor.user_id, call.params.order);
  return {};
}
