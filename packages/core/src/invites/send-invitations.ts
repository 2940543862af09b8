import type { ChannelContext } from '../channels/channel-context.js';
import { ApiError, badRequest, insufficientPermission } from '../errors.js';
import type { EmailInvitationSent } from '../events/email-invitation-events.js';
import { isValidEmail, normalizeEmail } from '../users/email-address.js';
import { checkChannels, checkGroups, checkRole, expiryOf, welcomeTextOf } from './create-invite-link.js';
import { canInviteUsers } from './invite-rules.js';

export interface SendInvitations {
  /** Addresses in request order, as parseInviteeEmails found them. */
  emails: readonly string[];
  /** An id and a key digest per address, by address. */
  prepared: ReadonlyMap<string, { invite_id: number; key_digest: string }>;
  now: number;
  default_validity_minutes: number;
  invite_as?: number;
  invite_expires_in_minutes?: number | null;
  stream_ids: readonly number[];
  group_ids?: readonly number[];
  include_realm_default_subscriptions?: boolean;
  notify_referrer_on_join?: boolean;
  welcome_message_custom_text?: string | null;
}

/** An address skipped: the address, why, and whether it belongs to a deactivated account. */
export type SkippedInvitee = [string, string, boolean];

export interface InvitationsDecision {
  events: EmailInvitationSent[];
  skipped: SkippedInvitee[];
}

/** The distinct addresses of `invitee_emails`, separated by commas or newlines, normalized, in order. */
export function parseInviteeEmails(text: string): string[] {
  return [...new Set(text.split(/[,\n]/).map(normalizeEmail).filter((email) => email !== ''))];
}

/** The public API's partial failure: some or all addresses were skipped. */
export function invitationFailed(msg: string, skipped: readonly SkippedInvitee[], sent: boolean): ApiError {
  return new ApiError('INVITATION_FAILED', 400, msg, { errors: skipped, sent_invitations: sent, license_limit_reached: false, daily_limit_reached: false });
}

/**
 * POST /invites: one invitation per address. Everything about the request is checked first (the
 * actor's permission, role, expiry, channels, groups, every address's shape) and nothing is sent if
 * any fails. Addresses that already have an account are skipped and reported; the others are invited.
 */
export function decideSendInvitations(ctx: ChannelContext, cmd: SendInvitations): InvitationsDecision {
  if (!canInviteUsers(ctx, ctx.actor)) throw insufficientPermission('Insufficient permission');
  if (cmd.emails.length === 0) throw badRequest("You must specify at least one email address in 'invitee_emails'.");
  const invalid = cmd.emails.filter((email) => !isValidEmail(email));
  if (invalid.length > 0) {
    throw invitationFailed("Some emails did not validate, so we didn't send any invitations.", invalid.map((email) => [email, 'Invalid address.', false]), false);
  }
  const invited_as = checkRole(ctx, cmd.invite_as);
  const expires_at = expiryOf(cmd);
  const welcome_message_custom_text = welcomeTextOf(ctx, cmd.welcome_message_custom_text);
  const channel_ids = checkChannels(ctx, cmd.stream_ids);
  const group_ids = checkGroups(ctx, cmd.group_ids ?? []);
  const accounts = new Map([...ctx.users.values()].map((user) => [normalizeEmail(user.email), user]));
  const decision: InvitationsDecision = { events: [], skipped: [] };
  for (const email of cmd.emails) {
    const account = accounts.get(email);
    if (account) {
      decision.skipped.push(account.is_active ? [email, 'Already has an account.', false] : [email, 'Account has been deactivated.', true]);
      continue;
    }
    const prepared = cmd.prepared.get(email);
    if (!prepared) throw new Error(`no id prepared for ${email}`);
    decision.events.push({
      type: 'EmailInvitationSent',
      data: {
        ...prepared,
        email,
        creator_id: ctx.actor.user_id,
        invited_as,
        channel_ids,
        group_ids,
        include_realm_default_subscriptions: cmd.include_realm_default_subscriptions ?? false,
        notify_referrer_on_join: cmd.notify_referrer_on_join ?? true,
        welcome_message_custom_text,
        expires_at,
      },
    });
  }
  return decision;
}
