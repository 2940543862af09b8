import { auditTargetsOf, subscriptionKey, type StoredEvent } from '@chat/core';
import { REALM_KEY } from '../read-models.js';

/** A document an event may change: its name in the audit trail, its collection, its key. */
export interface WatchedDocument {
  model: string;
  collection: string;
  key: string;
}

const doc = (model: string, collection: string, key: string | number): WatchedDocument => ({ model, collection, key: String(key) });

/** Ids an event's data names under `field`, when it is a number. */
const idIn = (data: object, field: string): number[] => {
  const value = (data as Record<string, unknown>)[field];
  return typeof value === 'number' ? [value] : [];
};

/**
 * The documents an event may change, by the ids it names: compared before and after it is applied,
 * they are the audit entry's `changes`. The organization's two documents are always compared.
 */
export function watchedDocuments(event: StoredEvent): WatchedDocument[] {
  const targets = auditTargetsOf(event.type, event.data);
  const watched = [doc('organization', 'realm', REALM_KEY), doc('organization_permissions', 'realm_group_settings', REALM_KEY)];
  for (const id of targets.user_ids) watched.push(doc('user', 'users', id));
  for (const id of targets.group_ids) watched.push(doc('group', 'user_groups', id));
  if (event.type === 'SubscriptionAdded' || event.type === 'SubscriptionRemoved') {
    for (const userId of targets.user_ids) watched.push(doc('subscription', 'subscriptions', subscriptionKey(userId, event.data.channel_id)));
  } else {
    for (const id of targets.channel_ids) watched.push(doc('channel', 'channels', id));
  }
  if (targets.invite_id !== undefined) {
    watched.push(event.type.startsWith('EmailInvitation') ? doc('email_invitation', 'email_invitations', targets.invite_id) : doc('invitation', 'invites', targets.invite_id));
  }
  if (targets.export_id !== undefined) watched.push(doc('export', 'realm_exports', targets.export_id));
  for (const id of idIn(event.data, 'field_id')) watched.push(doc('profile_field', 'profile_fields', id));
  for (const id of idIn(event.data, 'channel_folder_id')) watched.push(doc('channel_folder', 'channel_folders', id));
  return watched;
}
