// Generated from schemas/api/*.json by `npm run types:requests` (tools/request-types): do not edit.

export interface ProfileFieldCreateRequest {
name: string
hint?: string
field_type: (1 | 2)
}
export interface ProfileFieldDeleteRequest {
field_id: number
}
export interface ProfileFieldUpdateRequest {
field_id: number
name?: string
hint?: string
display_in_profile_summary?: boolean
required?: boolean
editable_by_user?: boolean
}
export interface ProfileFieldsReorderRequest {
order: number[]
}

export interface ProfileRequestTypes {
  'profile-field-create': ProfileFieldCreateRequest;
  'profile-field-delete': ProfileFieldDeleteRequest;
  'profile-field-update': ProfileFieldUpdateRequest;
  'profile-fields-reorder': ProfileFieldsReorderRequest;
}

export interface ProfileRequestPathNames {
  'profile-field-create': never;
  'profile-field-delete': 'field_id';
  'profile-field-update': 'field_id';
  'profile-fields-reorder': never;
}
