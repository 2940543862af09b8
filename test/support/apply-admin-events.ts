import type { ReceivedEvent } from './event-schemas.js';

type State = Record<string, unknown>;
type Person = Record<string, unknown> & { profile_data?: Record<string, unknown> };

/** `custom_profile_fields` carries the whole list: it replaces the section, and values of fields gone are dropped. */
export function applyCustomProfileFieldsEvent(state: State, event: ReceivedEvent): void {
  const fields = event.fields as { id: number }[];
  if ('custom_profile_fields' in state) state.custom_profile_fields = structuredClone(fields);
  const kept = new Set(fields.map((field) => String(field.id)));
  for (const person of (state.realm_users as Person[] | undefined) ?? []) {
    const data = person.profile_data;
    if (data) for (const id of Object.keys(data)) if (!kept.has(id)) delete data[id];
  }
}

/** `realm_user_settings_defaults update` sets one default. */
export function applyUserSettingsDefaultsEvent(state: State, event: ReceivedEvent): void {
  if (event.op !== 'update') throw new Error(`unhandled realm_user_settings_defaults op ${String(event.op)}`);
  const defaults = state.realm_user_settings_defaults as State | undefined;
  if (defaults) defaults[event.property as string] = event.value;
}
