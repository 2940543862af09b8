/** What an administrator may change on a custom profile field after creating it. */
export interface ProfileFieldChanges {
  name?: string;
  hint?: string;
  display_in_profile_summary?: boolean;
  required?: boolean;
  editable_by_user?: boolean;
}

/** A custom profile field's label, hint or flags changed; `changes` holds only the new values. */
export interface CustomProfileFieldUpdated {
  type: 'CustomProfileFieldUpdated';
  data: { field_id: number; changes: ProfileFieldChanges };
}

/** A custom profile field was removed, with every value users had given it. */
export interface CustomProfileFieldDeleted {
  type: 'CustomProfileFieldDeleted';
  data: { field_id: number };
}

/** The display order of the custom profile fields: every field id, first to last. */
export interface CustomProfileFieldsReordered {
  type: 'CustomProfileFieldsReordered';
  data: { order: number[] };
}

export type ProfileFieldEvent = CustomProfileFieldUpdated | CustomProfileFieldDeleted | CustomProfileFieldsReordered;

declare module './index.js' {
  interface DomainEventKinds {
    ProfileFieldEvent: ProfileFieldEvent;
  }
}
