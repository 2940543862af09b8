import type { BotSettings } from './bot-settings.js';
import type { RoleValue } from '../roles.js';
import type { UserSettings } from './user-settings.js';

export interface UserCreated {
  type: 'UserCreated';
  data: {
    user_id: number;
    email: string;
    full_name: string;
    role: RoleValue;
    /** A slow salted hash (never the password); null for accounts that cannot log in with one. */
    password_hash: string | null;
    is_bot: boolean;
    bot_type: number | null;
    bot_owner_id: number | null;
    timezone: string;
    /** API keys are derived from a server secret and this number; the key itself never enters the log. */
    api_key_generation: number;
    /** Server-level permission to change other users' addresses (held by the bootstrap owner). */
    can_change_user_emails: boolean;
    /** A bot's defaults, service and configuration (bots made through POST /bots). */
    bot?: BotSettings;
  };
}

export interface UserRenamed {
  type: 'UserRenamed';
  data: { user_id: number; full_name: string };
}

export interface UserRoleChanged {
  type: 'UserRoleChanged';
  data: { user_id: number; role: RoleValue; previous_role: RoleValue };
}

export interface UserEmailChanged {
  type: 'UserEmailChanged';
  data: { user_id: number; email: string; previous_email: string };
}

export interface UserEmailChangeRequested {
  type: 'UserEmailChangeRequested';
  /** Only a digest of the confirmation token is logged, so the log cannot be used to confirm. */
  data: { user_id: number; new_email: string; token_digest: string; expires_at: number };
}

export interface UserProfileDataChanged {
  type: 'UserProfileDataChanged';
  data: { user_id: number; fields: { id: number; value: string | null }[] };
}

export interface UserPasswordChanged {
  type: 'UserPasswordChanged';
  data: { user_id: number; password_hash: string };
}

export interface UserApiKeyRotated {
  type: 'UserApiKeyRotated';
  data: { user_id: number; api_key_generation: number };
}

export interface UserSettingsChanged {
  type: 'UserSettingsChanged';
  data: { user_id: number; changes: Partial<UserSettings> };
}

export interface UserDeactivated {
  type: 'UserDeactivated';
  /**
   * `notification_comment`: null when the user is not to be told by mail; otherwise the administrator's
   * text for the mail ("" for none). `owner_id`: set when a bot goes with the owner it belonged to.
   */
  data: { user_id: number; notification_comment: string | null; owner_id: number | null };
}

export interface UserReactivated {
  type: 'UserReactivated';
  data: { user_id: number };
}

export type UserEvent =
  | UserCreated
  | UserRenamed
  | UserRoleChanged
  | UserEmailChanged
  | UserEmailChangeRequested
  | UserProfileDataChanged
  | UserPasswordChanged
  | UserApiKeyRotated
  | UserSettingsChanged
  | UserDeactivated
  | UserReactivated;

declare module './index.js' {
  interface DomainEventKinds {
    UserEvent: UserEvent;
  }
}
