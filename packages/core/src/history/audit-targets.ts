/** Whom and what an event is about: the audit trail's target filters and each entry's `target`. */
export interface AuditTargets {
  user_ids: number[];
  channel_ids: number[];
  group_ids: number[];
  invite_id?: number;
  export_id?: number;
}

const ids = (value: unknown): number[] => (Array.isArray(value) ? value.filter((id): id is number => typeof id === 'number') : []);
const id = (value: unknown): number[] => (typeof value === 'number' ? [value] : []);
const sorted = (values: Iterable<number>): number[] => [...new Set(values)].sort((a, b) => a - b);

/** The users an event names as those it changes (not its actor, who is in the metadata). */
function usersOf(type: string, data: Record<string, unknown>): number[] {
  switch (type) {
    case 'SubscriptionAdded':
      return ids((data.subscriptions as { user_id: number }[] | undefined)?.map((sub) => sub.user_id));
    case 'SubscriptionRemoved':
      return ids(data.user_ids);
    case 'UserGroupMembersChanged':
      return [...ids(data.added_members), ...ids(data.removed_members)];
    case 'UserGroupCreated':
      return ids(data.members);
    default:
      return id(data.user_id);
  }
}

const invitationType = (type: string): boolean => type.startsWith('InviteLink') || type.startsWith('EmailInvitation');

/** The targets of an event of any type; fields it does not have are empty. */
export function auditTargetsOf(type: string, data: unknown): AuditTargets {
  const record = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  const groups = type === 'UserGroupMembersChanged' ? [...id(record.group_id), ...ids(record.added_subgroups), ...ids(record.removed_subgroups)] : id(record.group_id);
  const targets: AuditTargets = {
    user_ids: sorted(usersOf(type, record)),
    channel_ids: sorted(type === 'InviteLinkCreated' || type === 'EmailInvitationSent' ? ids(record.channel_ids) : id(record.channel_id)),
    group_ids: sorted(groups),
  };
  if (invitationType(type) && typeof record.invite_id === 'number') targets.invite_id = record.invite_id;
  if (type.startsWith('RealmExport') && typeof record.export_id === 'number') targets.export_id = record.export_id;
  return targets;
}
