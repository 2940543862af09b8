import { CHANNEL_GROUP_SETTING_NAMES } from '../channels/channel-state.js';

/**
 * What an administrative change is about, for the audit trail's `kind` filter. An event may be of
 * several kinds: a channel made private with a retention period is channel_privacy and retention.
 */
export const AUDIT_KINDS = [
  'role',
  'bot',
  'user_created',
  'user_deactivated',
  'user_reactivated',
  'user_erased',
  'user_identity',
  'group_membership',
  'group_settings',
  'organization_settings',
  'organization_permissions',
  'channel_created',
  'channel_settings',
  'channel_permissions',
  'channel_privacy',
  'channel_archiving',
  'subscriptions',
  'invitation',
  'export',
  'retention',
  'history_query',
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

export const isAuditKind = (value: string): value is AuditKind => (AUDIT_KINDS as readonly string[]).includes(value);

/** The kinds each type always is; types missing here are not administrative changes. */
const KINDS_OF_TYPE: Readonly<Record<string, readonly AuditKind[]>> = {
  UserCreated: ['user_created'],
  UserRoleChanged: ['role'],
  UserRenamed: ['user_identity'],
  UserEmailChanged: ['user_identity'],
  UserDeactivated: ['user_deactivated'],
  UserReactivated: ['user_reactivated'],
  BotOwnerChanged: ['bot'],
  BotSettingsChanged: ['bot'],
  // Issue 28's erasure (branch erasure): listed by name, so the trail shows it as soon as it exists.
  UserErased: ['user_erased'],
  UserGroupCreated: ['group_settings'],
  UserGroupUpdated: ['group_settings'],
  UserGroupPermissionsChanged: ['group_settings'],
  UserGroupDeactivated: ['group_settings'],
  UserGroupReactivated: ['group_settings'],
  UserGroupMembersChanged: ['group_membership'],
  RealmSettingsChanged: ['organization_settings'],
  RealmProfileChanged: ['organization_settings'],
  RealmUserSettingsDefaultsChanged: ['organization_settings'],
  CustomProfileFieldCreated: ['organization_settings'],
  CustomProfileFieldUpdated: ['organization_settings'],
  CustomProfileFieldDeleted: ['organization_settings'],
  CustomProfileFieldsReordered: ['organization_settings'],
  ChannelFolderCreated: ['organization_settings'],
  ChannelFolderUpdated: ['organization_settings'],
  ChannelFoldersReordered: ['organization_settings'],
  RealmGroupSettingsChanged: ['organization_permissions'],
  ChannelCreated: ['channel_created'],
  ChannelArchived: ['channel_archiving'],
  ChannelUnarchived: ['channel_archiving'],
  SubscriptionAdded: ['subscriptions'],
  SubscriptionRemoved: ['subscriptions'],
  InviteLinkCreated: ['invitation'],
  InviteLinkRevoked: ['invitation'],
  InviteLinkUsed: ['invitation'],
  InviteLinkExpired: ['invitation'],
  EmailInvitationSent: ['invitation'],
  EmailInvitationResent: ['invitation'],
  EmailInvitationRevoked: ['invitation'],
  EmailInvitationAccepted: ['invitation'],
  RealmExportRequested: ['export'],
  RealmExportCompleted: ['export'],
  RealmExportFailed: ['export'],
  RealmExportDeleted: ['export'],
  HistoryQueried: ['history_query'],
};

const PRIVACY_FIELDS = new Set(['invite_only', 'is_web_public', 'history_public_to_subscribers']);
const PERMISSION_FIELDS = new Set<string>(CHANNEL_GROUP_SETTING_NAMES);
const RETENTION_FIELD = 'message_retention_days';

/** The kinds of a ChannelUpdated, from the fields it changed. */
function channelUpdateKinds(changes: Record<string, unknown>): AuditKind[] {
  const kinds = new Set<AuditKind>();
  for (const field of Object.keys(changes)) {
    if (PRIVACY_FIELDS.has(field)) kinds.add('channel_privacy');
    else if (PERMISSION_FIELDS.has(field)) kinds.add('channel_permissions');
    else kinds.add('channel_settings');
    if (field === RETENTION_FIELD) kinds.add('retention');
  }
  return [...kinds];
}

const changesOf = (data: unknown): Record<string, unknown> => {
  const changes = (data as { changes?: unknown }).changes;
  return typeof changes === 'object' && changes !== null ? (changes as Record<string, unknown>) : {};
};

/**
 * The audit kinds of an event: empty for what is not an administrative change (messages, flags,
 * a user's own preferences). `isBot` says whether the user it is about is a bot, which the event does not.
 */
export function auditKindsOf(type: string, data: unknown, isBot = false): AuditKind[] {
  let kinds: AuditKind[];
  if (type === 'ChannelUpdated') kinds = channelUpdateKinds(changesOf(data));
  else kinds = [...(KINDS_OF_TYPE[type] ?? [])];
  if (type === 'RealmSettingsChanged' && RETENTION_FIELD in changesOf(data)) kinds.push('retention');
  if (kinds.length > 0 && !kinds.includes('bot') && (isBot || (type === 'UserCreated' && (data as { is_bot?: boolean }).is_bot === true))) kinds.push('bot');
  return kinds;
}
