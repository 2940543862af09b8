import { botSettingsOf, DEFAULT_USER_SETTINGS, type UserState } from '@chat/core';
import { type Projection, projectionOf } from '../projection.js';
import { REALM_KEY, type ReadModels } from '../read-models.js';

/** Users, their credentials and settings. */
export function usersProjection(models: ReadModels): Projection {
  const update = async (userId: number, position: number, change: (user: UserState) => UserState): Promise<void> => {
    const user = await models.users.get(userId);
    if (user) await models.users.put(userId, change(user), position);
  };

  return projectionOf('users', ['BotOwnerChanged', 'BotSettingsChanged', 'UserApiKeyRotated', 'UserCreated', 'UserEmailChangeRequested', 'UserEmailChanged', 'UserPasswordChanged', 'UserProfileDataChanged', 'UserRenamed', 'UserRoleChanged', 'UserSettingsChanged', 'UserDeactivated', 'UserReactivated'], async (event) => {
    const at = event.position;
    switch (event.type) {
      case 'UserCreated': {
        const d = event.data;
        const realm = await models.realm.get(REALM_KEY);
        const settings = { ...(realm?.user_settings_defaults ?? DEFAULT_USER_SETTINGS), timezone: d.timezone };
        // Bots' addresses are public, as on the public server: they authenticate with them.
        if (d.bot) settings.email_address_visibility = 1;
        await models.users.put(
          d.user_id,
          {
            user_id: d.user_id,
            email: d.email,
            full_name: d.full_name,
            role: d.role,
            is_active: true,
            is_bot: d.is_bot,
            bot_type: d.bot_type,
            bot_owner_id: d.bot_owner_id,
            timezone: d.timezone,
            date_joined: event.metadata.occurred_at,
            avatar_version: 1,
            profile_data: {},
            password_hash: d.password_hash,
            api_key_generation: d.api_key_generation,
            can_change_user_emails: d.can_change_user_emails,
            settings,
            pending_email_change: null,
            ...(d.bot ? { bot: d.bot } : {}),
          },
          at,
        );
        return;
      }
      case 'UserRenamed':
        return update(event.data.user_id, at, (u) => ({ ...u, full_name: event.data.full_name }));
      case 'UserRoleChanged':
        return update(event.data.user_id, at, (u) => ({ ...u, role: event.data.role }));
      case 'UserEmailChanged':
        return update(event.data.user_id, at, (u) => ({ ...u, email: event.data.email, pending_email_change: null }));
      case 'UserEmailChangeRequested': {
        const { new_email, token_digest, expires_at } = event.data;
        return update(event.data.user_id, at, (u) => ({ ...u, pending_email_change: { new_email, token_digest, expires_at } }));
      }
      case 'UserProfileDataChanged':
        return update(event.data.user_id, at, (u) => {
          const profile_data = { ...u.profile_data };
          for (const { id, value } of event.data.fields) {
            if (value === null) delete profile_data[String(id)];
            else profile_data[String(id)] = value;
          }
          return { ...u, profile_data };
        });
      case 'UserPasswordChanged':
        return update(event.data.user_id, at, (u) => ({ ...u, password_hash: event.data.password_hash }));
      case 'UserApiKeyRotated':
        return update(event.data.user_id, at, (u) => ({ ...u, api_key_generation: event.data.api_key_generation }));
      case 'UserSettingsChanged':
        return update(event.data.user_id, at, (u) => {
          const settings = { ...u.settings, ...event.data.changes };
          return { ...u, settings, timezone: settings.timezone };
        });
      case 'UserDeactivated':
        return update(event.data.user_id, at, (u) => ({ ...u, is_active: false }));
      case 'UserReactivated':
        return update(event.data.user_id, at, (u) => ({ ...u, is_active: true }));
      case 'BotOwnerChanged':
        return update(event.data.user_id, at, (u) => ({ ...u, bot_owner_id: event.data.owner_id }));
      case 'BotSettingsChanged':
        return update(event.data.user_id, at, (u) => ({ ...u, bot: { ...botSettingsOf(u), ...event.data.changes } }));
      default:
        return;
    }
  });
}
