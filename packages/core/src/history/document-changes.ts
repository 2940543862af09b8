/** One value an administrative change changed: in which document, which field, from what, to what. */
export interface AuditChange {
  /** What the document is: user, channel, group, subscription, organization, organization_permissions, invitation, … */
  model: string;
  /** Its id (a subscription's is `<user_id>:<channel_id>`; the organization's is `realm`). */
  id: string;
  /** The field, dotted below the top level for settings (`settings.can_send_message_group`). */
  field: string;
  /** null where the document did not exist yet (or no longer does). */
  before: unknown;
  after: unknown;
}

/** Credentials and their digests: that they changed is shown, never their values. */
const SECRET_FIELDS = new Set(['password_hash', 'key_digest', 'token_digest', 'api_key_generation']);
/** Fields whose own fields are compared one by one. */
const NESTED_FIELDS = new Set(['settings', 'profile_data', 'pending_email_change']);

const text = (value: unknown): string => JSON.stringify(value ?? null);
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A credential's value as shown: whether there is one. */
const hidden = (value: unknown): string | null => (value === undefined || value === null ? null : '(set)');

function compare(changes: AuditChange[], where: { model: string; id: string }, field: string, before: unknown, after: unknown): void {
  if (text(before) === text(after)) return;
  const last = field.split('.').pop() as string;
  if (NESTED_FIELDS.has(last) && (isRecord(before) || isRecord(after)) && !field.includes('.')) {
    const inner = { ...(isRecord(before) ? before : {}), ...(isRecord(after) ? after : {}) };
    for (const key of Object.keys(inner).sort()) compare(changes, where, `${field}.${key}`, isRecord(before) ? before[key] : undefined, isRecord(after) ? after[key] : undefined);
    return;
  }
  const secret = SECRET_FIELDS.has(last);
  changes.push({ ...where, field, before: secret ? hidden(before) : (before ?? null), after: secret ? (hidden(after) && hidden(before) ? '(changed)' : hidden(after)) : (after ?? null) });
}

/**
 * The fields that differ between two versions of one document (either may be missing), in field
 * order; credentials are shown as changed, never by value.
 */
export function documentChanges(model: string, id: string, before: object | undefined, after: object | undefined): AuditChange[] {
  const changes: AuditChange[] = [];
  const old = (before ?? {}) as Record<string, unknown>;
  const now = (after ?? {}) as Record<string, unknown>;
  for (const field of [...new Set([...Object.keys(old), ...Object.keys(now)])].sort()) compare(changes, { model, id }, field, old[field], now[field]);
  return changes;
}
