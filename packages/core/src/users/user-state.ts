import type { BotSettings } from '../bots/bot-settings.js';
import type { RoleValue } from '../roles.js';
import type { UserSettings } from '../settings/user-settings.js';

/** A user as the read models hold it and as deciders see it. */
export interface UserState {
  user_id: number;
  email: string;
  full_name: string;
  role: RoleValue;
  is_active: boolean;
  is_bot: boolean;
  bot_type: number | null;
  bot_owner_id: number | null;
  /** Bots made through POST /bots: their defaults and service (absent for people and system bots). */
  bot?: BotSettings;
  timezone: string;
  /** Milliseconds since the epoch, from the creating event's metadata. */
  date_joined: number;
  avatar_version: number;
  profile_data: Record<string, string>;
  password_hash: string | null;
  api_key_generation: number;
  can_change_user_emails: boolean;
  settings: UserSettings;
  pending_email_change: { new_email: string; token_digest: string; expires_at: number } | null;
  /** Set once the person was erased (docs/topics/forgetting.md): nothing personal is left, and nothing can be changed. */
  erased?: true;
}
