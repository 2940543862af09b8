import { badRequest } from '../errors.js';
import type { CustomProfileFieldCreated } from '../events/realm-events.js';
import type { CustomProfileFieldDeleted, CustomProfileFieldsReordered, CustomProfileFieldUpdated, ProfileFieldChanges } from '../events/profile-field-events.js';
import { checkFieldHint, checkFieldName, existingField, type ProfileFieldContext } from './profile-field-rules.js';
import { requireOrganizationAdministrator } from '../realm/organization-admin.js';
import { MAX_PROFILE_SUMMARY_FIELDS, PROFILE_FIELD_TYPES } from './profile-field-state.js';

export interface CreateProfileField {
  field_id: number;
  name: string;
  hint: string;
  field_type: number;
}

/** POST /realm/profile_fields: a new field goes last. */
export function decideCreateProfileField(ctx: ProfileFieldContext, cmd: CreateProfileField): CustomProfileFieldCreated[] {
  requireOrganizationAdministrator(ctx.actor);
  if (!PROFILE_FIELD_TYPES.some((type) => type.id === cmd.field_type)) throw badRequest(`Invalid 'field_type': ${cmd.field_type}`);
  const name = checkFieldName(ctx, cmd.name, null);
  const hint = checkFieldHint(cmd.hint);
  const order = ctx.fields.reduce((last, field) => Math.max(last, field.order + 1), 0);
  return [{ type: 'CustomProfileFieldCreated', data: { field_id: cmd.field_id, name, hint, field_type: cmd.field_type, order } }];
}

/** PATCH /realm/profile_fields/{field_id}: only what differs is recorded; nothing differing, nothing recorded. */
export function decideUpdateProfileField(ctx: ProfileFieldContext, fieldId: number, requested: ProfileFieldChanges): CustomProfileFieldUpdated[] {
  requireOrganizationAdministrator(ctx.actor);
  const field = existingField(ctx, fieldId);
  const wanted: ProfileFieldChanges = { ...requested };
  if (wanted.name !== undefined) wanted.name = checkFieldName(ctx, wanted.name, fieldId);
  if (wanted.hint !== undefined) wanted.hint = checkFieldHint(wanted.hint);
  if (wanted.display_in_profile_summary === true && !field.display_in_profile_summary) {
    const shown = ctx.fields.filter((each) => each.display_in_profile_summary).length;
    if (shown >= MAX_PROFILE_SUMMARY_FIELDS) {
      throw badRequest(`Invalid 'display_in_profile_summary': only ${MAX_PROFILE_SUMMARY_FIELDS} custom profile fields can be displayed in the profile summary.`);
    }
  }
  const changes: ProfileFieldChanges = {};
  for (const key of ['name', 'hint', 'display_in_profile_summary', 'required', 'editable_by_user'] as const) {
    const value = wanted[key];
    if (value !== undefined && value !== field[key]) Object.assign(changes, { [key]: value });
  }
  return Object.keys(changes).length === 0 ? [] : [{ type: 'CustomProfileFieldUpdated', data: { field_id: fieldId, changes } }];
}

/** DELETE /realm/profile_fields/{field_id} */
export function decideDeleteProfileField(ctx: ProfileFieldContext, fieldId: number): CustomProfileFieldDeleted[] {
  requireOrganizationAdministrator(ctx.actor);
  existingField(ctx, fieldId);
  return [{ type: 'CustomProfileFieldDeleted', data: { field_id: fieldId } }];
}

/** PATCH /realm/profile_fields: `order` must name every field exactly once. */
export function decideReorderProfileFields(ctx: ProfileFieldContext, order: readonly number[]): CustomProfileFieldsReordered[] {
  requireOrganizationAdministrator(ctx.actor);
  const ids = new Set(ctx.fields.map((field) => field.id));
  if (order.length !== ids.size || new Set(order).size !== order.length || order.some((id) => !ids.has(id))) {
    throw badRequest("Invalid 'order': it must list every custom profile field id exactly once.");
  }
  const current = [...ctx.fields].sort((a, b) => a.order - b.order).map((field) => field.id);
  if (current.every((id, index) => order[index] === id)) return [];
  return [{ type: 'CustomProfileFieldsReordered', data: { order: [...order] } }];
}
