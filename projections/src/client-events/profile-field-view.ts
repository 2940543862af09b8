import type { ProfileFieldState } from '../read-models.js';

/** A custom profile field as clients receive it (text fields carry no field_data). */
export const profileFieldView = (field: ProfileFieldState): Record<string, unknown> => ({
  id: field.id,
  name: field.name,
  hint: field.hint,
  type: field.type,
  order: field.order,
  field_data: '',
  display_in_profile_summary: field.display_in_profile_summary,
  required: field.required,
  editable_by_user: field.editable_by_user,
});

/** Fields in display order, as every listing shows them. */
export const profileFieldsInOrder = (fields: readonly ProfileFieldState[]): Record<string, unknown>[] =>
  [...fields].sort((a, b) => a.order - b.order || a.id - b.id).map(profileFieldView);
