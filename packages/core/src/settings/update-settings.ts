import { badRequest, missingArgument } from '../errors.js';
import type { UserEvent } from '../events/user-events.js';
import type { RealmSettings } from '../realm/realm-settings.js';
import { isAdminRole } from '../roles.js';
import { isValidEmail, normalizeEmail } from '../users/email-address.js';
import { checkFullName } from '../users/full-name.js';
import type { UserState } from '../users/user-state.js';
import { isKnownTimezone, NOTIFICATION_SOUNDS, SUPPORTED_LANGUAGES } from './setting-values.js';
import { isUserSettingName, type UserSettings } from './user-settings.js';

export interface UpdateSettings {
  full_name?: string;
  email?: string;
  old_password?: string;
  new_password?: string;
  /** Every other parameter, already type-checked against the settings schema. */
  settings: Partial<Record<string, unknown>>;
}

export interface UpdateSettingsContext {
  user: UserState;
  realm: RealmSettings;
  /** Whether old_password matched, checked by the caller (hashing is not the domain's business). */
  oldPasswordMatches: boolean;
  newPasswordHash: string | null;
  /** Whether the requested new address already belongs to an account. */
  newEmailTaken: boolean;
  emailChange: { token_digest: string; expires_at: number };
}

export const MIN_PASSWORD_LENGTH = 8;

/** A user changes their own settings, name, password or address (PATCH /settings). */
export function decideUpdateSettings(ctx: UpdateSettingsContext, cmd: UpdateSettings): UserEvent[] {
  const { user } = ctx;
  const user_id = user.user_id;
  const events: UserEvent[] = [];
  if (cmd.new_password !== undefined) {
    if (cmd.old_password === undefined) throw missingArgument('old_password');
    if (!ctx.oldPasswordMatches) throw badRequest("Invalid 'old_password': wrong password");
    if (cmd.new_password.length < MIN_PASSWORD_LENGTH) {
      throw badRequest(`Invalid 'new_password': must be at least ${MIN_PASSWORD_LENGTH} characters`);
    }
    if (ctx.newPasswordHash) events.push({ type: 'UserPasswordChanged', data: { user_id, password_hash: ctx.newPasswordHash } });
  }
  if (cmd.full_name !== undefined) {
    const full_name = checkFullName(cmd.full_name);
    if (full_name !== user.full_name) {
      if (ctx.realm.name_changes_disabled && !isAdminRole(user.role)) throw badRequest('Name changes are disabled in this organization.');
      events.push({ type: 'UserRenamed', data: { user_id, full_name } });
    }
  }
  if (cmd.email !== undefined) {
    const new_email = normalizeEmail(cmd.email);
    if (!isValidEmail(new_email)) throw badRequest(`Invalid 'email': '${cmd.email}' is not a valid email address`);
    if (new_email !== user.email) {
      if (ctx.realm.email_changes_disabled && !isAdminRole(user.role)) throw badRequest('Email address changes are disabled in this organization.');
      if (ctx.newEmailTaken) throw badRequest(`Email '${new_email}' already in use`);
      events.push({ type: 'UserEmailChangeRequested', data: { user_id, new_email, ...ctx.emailChange } });
    }
  }
  const changes = settingChanges(user.settings, cmd.settings);
  if (Object.keys(changes).length > 0) events.push({ type: 'UserSettingsChanged', data: { user_id, changes } });
  return events;
}

function settingChanges(current: UserSettings, requested: Partial<Record<string, unknown>>): Partial<UserSettings> {
  const changes: Partial<Record<string, unknown>> = {};
  for (const [name, value] of Object.entries(requested)) {
    if (!isUserSettingName(name) || value === undefined) continue;
    checkSettingValue(name, value);
    if (current[name] !== value) changes[name] = value;
  }
  return changes as Partial<UserSettings>;
}

/** The rules a setting value follows beyond its type (time zones, languages, sounds). */
export function checkSettingValue(name: string, value: unknown): void {
  if (name === 'timezone' && !isKnownTimezone(String(value))) throw badRequest(`Invalid 'timezone': '${String(value)}' is not a time zone`);
  if (name === 'default_language' && !SUPPORTED_LANGUAGES.has(String(value))) {
    throw badRequest(`Invalid 'default_language': '${String(value)}' is not a supported language`);
  }
  if (name === 'notification_sound' && !NOTIFICATION_SOUNDS.includes(String(value))) {
    throw badRequest(`Invalid 'notification_sound': '${String(value)}' is not an available sound`);
  }
}
