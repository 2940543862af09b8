import { isLegacySetting, type StoredEventOf, type UserSettingName, type UserState } from '@chat/core';
import type { Delivery } from '@chat/realtime';
import { apiEmail, canSeeEmail, languageName, legacySettingEvent, userView } from '@chat/wire';
import type { ReadModels } from '../read-models.js';
import { fanoutOf } from './fanout.js';
import type { FanoutOptions } from './feed-sink.js';

const update = (person: Record<string, unknown>) => ({ type: 'realm_user', op: 'update', person });

/** Splits viewers by whether they may see `subject`'s real address, so each variant is built once. */
function byEmailVisibility(viewers: readonly UserState[], subject: UserState): [UserState[], UserState[]] {
  const see: UserState[] = [];
  const hidden: UserState[] = [];
  for (const viewer of viewers) (canSeeEmail(viewer, subject) ? see : hidden).push(viewer);
  return [see, hidden];
}

const ids = (users: readonly UserState[]): number[] => users.map((user) => user.user_id);

const HANDLED = ['UserCreated', 'UserRenamed', 'UserRoleChanged', 'UserEmailChanged', 'UserProfileDataChanged', 'UserSettingsChanged'] as const;

/** Client events for changes to users: realm_user to everyone, settings to the user themself. */
async function userDeliveries(event: StoredEventOf<(typeof HANDLED)[number]>, models: ReadModels, options: FanoutOptions): Promise<Delivery[]> {
  const subject = await models.users.get(event.data.user_id);
  if (!subject) return [];
  const everyone = (await models.users.all()).filter((user) => user.is_active);
  const toAll = (person: Record<string, unknown>): Delivery[] => [{ userIds: ids(everyone), event: update(person) }];
  const user_id = subject.user_id;
  switch (event.type) {
    case 'UserCreated': {
      const view = { realmHost: options.realmHost(), clientGravatar: false, includeCustomProfileFields: true };
      const [see, hidden] = byEmailVisibility(everyone, subject);
      return [see, hidden]
        .filter((group) => group.length > 0)
        .map((group) => ({ userIds: ids(group), event: { type: 'realm_user', op: 'add', person: userView(subject, group[0], view) } }));
    }
    case 'UserRenamed':
      return toAll({ user_id, full_name: subject.full_name });
    case 'UserRoleChanged':
      return toAll({ user_id, role: subject.role });
    case 'UserEmailChanged': {
      const [see] = byEmailVisibility(everyone, subject);
      const deliveries: Delivery[] = [{ userIds: ids(see), event: update({ user_id, delivery_email: subject.email }) }];
      if (subject.settings.email_address_visibility === 1) deliveries.push(...toAll({ user_id, new_email: subject.email }));
      return deliveries;
    }
    case 'UserProfileDataChanged':
      return event.data.fields.flatMap(({ id, value }) =>
        // Values are not rendered: rendered_value is null, as in the register snapshot and GET /users.
        toAll({ user_id, custom_profile_field: { id, value, rendered_value: null } }),
      );
    case 'UserSettingsChanged':
      return settingsChanged(subject, event.data.changes, everyone, options);
    default:
      return [];
  }
}

export const userFanout = fanoutOf('users', HANDLED, userDeliveries);

function settingsChanged(subject: UserState, changes: Record<string, unknown>, everyone: UserState[], options: FanoutOptions): Delivery[] {
  const me = [subject.user_id];
  const email = apiEmail(subject, options.realmHost());
  const deliveries: Delivery[] = [];
  for (const [property, value] of Object.entries(changes)) {
    // Every client gets user_settings; those without user_settings_object also get the legacy event.
    const event: Record<string, unknown> & { type: string } = { type: 'user_settings', op: 'update', property, value };
    if (property === 'default_language') event.language_name = languageName(String(value));
    deliveries.push({ userIds: me, event });
    if (!isLegacySetting(property as UserSettingName)) continue;
    deliveries.push({
      userIds: me,
      event: legacySettingEvent(email, property as UserSettingName, value),
      audience: { capabilities: { user_settings_object: false } },
    });
  }
  if ('timezone' in changes) {
    deliveries.push({ userIds: ids(everyone), event: update({ user_id: subject.user_id, email, timezone: subject.timezone }) });
  }
  if ('email_address_visibility' in changes) {
    // Who may see the real address changed: each viewer learns what they now see (null when hidden).
    const [see, hidden] = byEmailVisibility(everyone, subject);
    if (see.length > 0) deliveries.push({ userIds: ids(see), event: update({ user_id: subject.user_id, delivery_email: subject.email }) });
    if (hidden.length > 0) deliveries.push({ userIds: ids(hidden), event: update({ user_id: subject.user_id, delivery_email: null }) });
    deliveries.push({ userIds: ids(everyone), event: update({ user_id: subject.user_id, new_email: email }) });
  }
  return deliveries;
}
