import type { ProfileFieldState } from '../read-models.js';

/** A custom profile field as clients receive it. */
export const profileFieldView = (field: ProfileFieldState): Record<string, unknown> => ({
  id: field.id,
  name: field.name,
  hint: field.hint,
  type: field.type,
  order: field.order,
  field_data: '',
  display_in_profile_summary: false,
  required: false,
  editable_by_user: true,
});
