/** A custom profile field as the read model holds it and as deciders see it. */
export interface ProfileFieldState {
  id: number;
  name: string;
  hint: string;
  type: number;
  order: number;
  display_in_profile_summary: boolean;
  required: boolean;
  editable_by_user: boolean;
}

/** The field types this server offers: short and long text. */
export const PROFILE_FIELD_TYPES = [
  { id: 1, key: 'SHORT_TEXT', name: 'Short text' },
  { id: 2, key: 'LONG_TEXT', name: 'Long text' },
] as const;

/** What a field starts as besides what its creation names. */
export const NEW_PROFILE_FIELD_FLAGS = { display_in_profile_summary: false, required: false, editable_by_user: true } as const;

export const MAX_PROFILE_FIELD_NAME_LENGTH = 40;
export const MAX_PROFILE_FIELD_HINT_LENGTH = 80;
/** How many fields a user card shows at most, as the public server limits it. */
export const MAX_PROFILE_SUMMARY_FIELDS = 2;
