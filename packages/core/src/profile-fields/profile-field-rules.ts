import { badRequest } from '../errors.js';
import type { UserState } from '../users/user-state.js';
import { MAX_PROFILE_FIELD_HINT_LENGTH, MAX_PROFILE_FIELD_NAME_LENGTH, type ProfileFieldState } from './profile-field-state.js';

/** What profile field decisions read: who asks, and every field of the organization. */
export interface ProfileFieldContext {
  actor: UserState;
  fields: readonly ProfileFieldState[];
}

export function existingField(ctx: ProfileFieldContext, fieldId: number): ProfileFieldState {
  const field = ctx.fields.find((each) => each.id === fieldId);
  if (!field) throw badRequest(`Field id ${fieldId} not found.`);
  return field;
}

/** A label: trimmed, non-empty, bounded, and held by no other field (regardless of case). */
export function checkFieldName(ctx: ProfileFieldContext, raw: string, selfId: number | null): string {
  const name = raw.trim();
  if (name.length === 0) throw badRequest("Invalid 'name': label cannot be empty.");
  if ([...name].length > MAX_PROFILE_FIELD_NAME_LENGTH) throw badRequest(`Invalid 'name': longer than ${MAX_PROFILE_FIELD_NAME_LENGTH} characters.`);
  const key = name.toLowerCase();
  if (ctx.fields.some((field) => field.id !== selfId && field.name.toLowerCase() === key)) throw badRequest("Invalid 'name': a field with that label already exists.");
  return name;
}

export function checkFieldHint(raw: string): string {
  if ([...raw].length > MAX_PROFILE_FIELD_HINT_LENGTH) throw badRequest(`Invalid 'hint': longer than ${MAX_PROFILE_FIELD_HINT_LENGTH} characters.`);
  return raw;
}
