import { badRequest } from '../errors.js';
import { parseRetentionDays, REALM_RETENTION_WORDS } from '../messages/retention.js';
import { SUPPORTED_LANGUAGES } from '../settings/setting-values.js';
import { EDIT_HISTORY_VISIBILITY, type EditHistoryVisibility, type RealmSettings } from './realm-settings.js';

export const MAX_REALM_NAME_LENGTH = 40;
export const MAX_REALM_DESCRIPTION_LENGTH = 1000;

const REALM_TOPICS_POLICIES: readonly RealmSettings['topics_policy'][] = ['allow_empty_topic', 'disable_empty_topic'];

const wholeNumber = (value: number | string): number => (typeof value === 'number' ? value : /^\d+$/.test(value) ? Number(value) : Number.NaN);

/** The organization's name: trimmed, not empty, at most 40 characters. */
export function checkRealmName(raw: string): string {
  const name = raw.trim();
  if (name.length === 0) throw badRequest("Invalid 'name': the organization name must not be empty");
  if ([...name].length > MAX_REALM_NAME_LENGTH) {
    throw badRequest(`Invalid 'name': the organization name cannot exceed ${MAX_REALM_NAME_LENGTH} characters`);
  }
  return name;
}

export function checkRealmDescription(raw: string): string {
  if ([...raw].length > MAX_REALM_DESCRIPTION_LENGTH) {
    throw badRequest(`Invalid 'description': the organization description cannot exceed ${MAX_REALM_DESCRIPTION_LENGTH} characters`);
  }
  return raw;
}

/** A time limit for editing or moving messages: a positive number of seconds, or "unlimited" (null). */
export function checkTimeLimitSeconds(setting: string, value: number | string): number | null {
  if (value === 'unlimited') return null;
  const seconds = wholeNumber(value);
  if (!Number.isInteger(seconds) || seconds <= 0) {
    throw badRequest(`Invalid '${setting}': must be a positive number of seconds or "unlimited", not ${JSON.stringify(value)}`);
  }
  return seconds;
}

/** How long the organization keeps messages: a positive number of days, or "unlimited" (kept forever, -1). */
export const checkRealmRetentionDays = (value: number | string): number => parseRetentionDays(value, REALM_RETENTION_WORDS);

export function checkRealmTopicsPolicy(value: string): RealmSettings['topics_policy'] {
  const policy = REALM_TOPICS_POLICIES.find((candidate) => candidate === value);
  if (!policy) throw badRequest(`Invalid 'topics_policy': must be one of ${REALM_TOPICS_POLICIES.join(', ')}`);
  return policy;
}

export function checkRealmLanguage(value: string): string {
  if (!SUPPORTED_LANGUAGES.has(value)) throw badRequest(`Invalid 'default_language': '${value}' is not a supported language`);
  return value;
}

/** Days an account must exist before its user counts as a full member: a whole number, zero or more. */
export function checkWaitingPeriod(value: number): number {
  if (!Number.isInteger(value) || value < 0) throw badRequest(`Invalid 'waiting_period_threshold': must be a whole number of days, not ${value}`);
  return value;
}

export function checkEditHistoryVisibility(value: string): EditHistoryVisibility {
  const policy = EDIT_HISTORY_VISIBILITY.find((candidate) => candidate === value);
  if (!policy) throw badRequest(`Invalid 'message_edit_history_visibility_policy': must be one of ${EDIT_HISTORY_VISIBILITY.join(', ')}`);
  return policy;
}
