import {
  decideResendEmailInvitation,
  decideRevokeEmailInvitation,
  decideSendInvitations,
  type DomainEvent,
  type EmailInvitationState,
  invitationFailed,
  parseInviteeEmails,
  type SendInvitations,
  streams,
  type UserState,
} from '@chat/core';
import { REALM_KEY } from '@chat/projections';
import { AS_READ, type Origin } from '../commands/command-bus.js';
import type { Mailer } from '../mail/mailer.js';
import { inviteKeyDigest, inviteLinkUrl, newInviteKey } from '../secrets/invite-keys.js';
import { channelContext } from './channel-context.js';
import type { Allocates, Clocked, Commands, Configured, Reads, Uses } from '../dependencies.js';

/** What mailInvitation uses. */
type MailInvitationDeps = Configured & Reads<'realm' | 'users'> & Uses<'log'>;
/** What sendInvitations uses. */
type SendInvitationsDeps = Commands & Clocked & Configured & Allocates & Reads<'realm' | 'subscriptions' | 'users'> & Uses<'log' | 'organization'>;
/** What onInvitation uses. */
type OnInvitationDeps = Commands & Reads<'emailInvitations'>;
/** What resendEmailInvitation uses. */
type ResendEmailInvitationDeps = Commands & Clocked & Configured & Reads<'emailInvitations' | 'realm' | 'users'> & Uses<'log'>;

export type SendInvitationsInput = Omit<SendInvitations, 'emails' | 'prepared' | 'now' | 'default_validity_minutes'> & { invitee_emails: string };

/** The mail an invitee receives: who invites them where, and the link whose key exists only here. */
async function mailInvitation(ctx: MailInvitationDeps, mailer: Mailer, invite: Pick<EmailInvitationState, 'email' | 'creator_id' | 'expires_at'>, key: string): Promise<void> {
  const realm = await ctx.models.realm.get(REALM_KEY);
  const inviter = await ctx.models.users.get(invite.creator_id);
  const expiry = invite.expires_at === null ? '' : `\nThe link works until ${new Date(invite.expires_at).toISOString()}.`;
  try {
    await mailer.send({
      to: invite.email,
      subject: `${inviter?.full_name ?? 'Someone'} invited you to join ${realm?.name ?? 'their organization'}`,
      body: `Open this link to create your account:\n${inviteLinkUrl(ctx.config.externalUrl, key)}${expiry}\n`,
    });
  } catch (error) {
    // The invitation is recorded; its sender sees it pending and can resend it once mail works again.
    ctx.log.error({ err: error, invite_email: invite.email }, 'invitation mail failed');
  }
}

/**
 * POST /invites: records one invitation per address that has no account, then mails each its key.
 * Addresses skipped make the answer INVITATION_FAILED, after the others were invited, as the public
 * API defines it (`sent_invitations` says whether any was).
 */
export async function sendInvitations(ctx: SendInvitationsDeps, mailer: Mailer, origin: Origin, actor: UserState, input: SendInvitationsInput): Promise<void> {
  const { invitee_emails, ...terms } = input;
  const emails = parseInviteeEmails(invitee_emails);
  const keys = new Map(emails.map((email) => [email, newInviteKey()]));
  const prepared = new Map<string, { invite_id: number; key_digest: string }>();
  for (const [email, key] of keys) prepared.set(email, { invite_id: await ctx.ids.next('email_invite'), key_digest: inviteKeyDigest(key) });
  const decision = await ctx.bus.run(origin, async () => {
    const cc = await channelContext(ctx, actor.user_id, [], terms.stream_ids);
    const decided = decideSendInvitations(cc, { ...terms, emails, prepared, now: ctx.clock.now(), default_validity_minutes: ctx.config.invitationLinkValidityMinutes });
    const appends = decided.events.map((event) => ({ stream: streams.emailInvitation(event.data.invite_id), expected: 'no_stream' as const, events: [event] }));
    return { appends, result: decided };
  });
  for (const event of decision.events) await mailInvitation(ctx, mailer, event.data, keys.get(event.data.email) ?? '');
  if (decision.skipped.length === 0) return;
  const sent = decision.events.length > 0;
  throw invitationFailed(
    sent
      ? "Some of those addresses already have an account, so we didn't invite them. We did send invitations to everyone else!"
      : 'None of those addresses could be invited: each already has an account.',
    decision.skipped,
    sent,
  );
}

/** A command on one invitation's stream, decided from the read model at the revision read first. */
async function onInvitation(ctx: OnInvitationDeps, origin: Origin, inviteId: number, decide: (invite: EmailInvitationState | undefined) => DomainEvent[]): Promise<void> {
  const stream = streams.emailInvitation(inviteId);
  await ctx.bus.run(origin, async () => {
    const expected = AS_READ;
    const events = decide(await ctx.models.emailInvitations.get(inviteId));
    return { appends: [{ stream, expected, events }], result: undefined };
  });
}

/** DELETE /invites/{invite_id} */
export const revokeEmailInvitation = (ctx: OnInvitationDeps, origin: Origin, actor: UserState, inviteId: number): Promise<void> =>
  onInvitation(ctx, origin, inviteId, (invite) => decideRevokeEmailInvitation(actor, invite));

/** POST /invites/{invite_id}/resend: a new key, mailed; the old one stops working. */
export async function resendEmailInvitation(ctx: ResendEmailInvitationDeps, mailer: Mailer, origin: Origin, actor: UserState, inviteId: number): Promise<void> {
  const key = newInviteKey();
  await onInvitation(ctx, origin, inviteId, (invite) => decideResendEmailInvitation(actor, invite, ctx.clock.now(), inviteKeyDigest(key)));
  const invite = await ctx.models.emailInvitations.get(inviteId);
  if (invite) await mailInvitation(ctx, mailer, invite, key);
}
