import { invitesFanout } from '@chat/projections/client-events/invites-fanout';
import { emailInvitationsProjection } from '@chat/projections/invites/email-invitations-projection';
import { invitesProjection } from '@chat/projections/invites/invites-projection';
import { inviteExpiryJobsProjection } from '@chat/projections/scheduled-jobs/invite-expiry-jobs';
import { resendEmailInvitationEndpoint, revokeEmailInvitationEndpoint, sendInvitationsEndpoint } from '../endpoints/email-invitations.js';
import { acceptInviteLinkEndpoint } from '../endpoints/invite-accept.js';
import { joinPage } from '../endpoints/join-page.js';
import { htmlPage } from '../ops/html-pages.js';
import { createInviteLinkEndpoint, listInvites, revokeInviteLinkEndpoint } from '../endpoints/invites.js';
import { inviteExpiryJob } from '../scheduler/invite-expiry-job.js';
import { type Feature, page, route } from './feature.js';

const LINK_STREAM = { stream: 'invite-<invite_id>' };
const EMAIL_STREAM = { stream: 'emailinvite-<invite_id>' };

/** Invitations: reusable links (and their expiry) and invitations by email. */
export const invitationsFeature: Feature = {
  name: 'invitations',
  events: {
    InviteLinkCreated: LINK_STREAM,
    InviteLinkRevoked: LINK_STREAM,
    InviteLinkUsed: LINK_STREAM,
    InviteLinkExpired: LINK_STREAM,
    EmailInvitationSent: EMAIL_STREAM,
    EmailInvitationResent: EMAIL_STREAM,
    EmailInvitationRevoked: EMAIL_STREAM,
    EmailInvitationAccepted: EMAIL_STREAM,
  },
  projections: [invitesProjection, emailInvitationsProjection, inviteExpiryJobsProjection],
  fanouts: [invitesFanout],
  routes: [
    route('GET', '/invites', 'required', 'invites-list', listInvites),
    page('/join/:key', 'none', 'invite-join-page', htmlPage(joinPage)),
    route('POST', '/invites', 'required', 'invites-send', sendInvitationsEndpoint),
    route('DELETE', '/invites/:invite_id', 'required', 'email-invite-revoke', revokeEmailInvitationEndpoint),
    route('POST', '/invites/:invite_id/resend', 'required', 'email-invite-resend', resendEmailInvitationEndpoint),
    route('POST', '/invites/multiuse', 'required', 'invite-link-create', createInviteLinkEndpoint),
    route('POST', '/invites/multiuse/accept', 'none', 'invite-link-accept', acceptInviteLinkEndpoint),
    route('DELETE', '/invites/multiuse/:invite_id', 'required', 'invite-link-revoke', revokeInviteLinkEndpoint),
  ],
  clientEventTypes: ['invites_changed'],
  jobs: [inviteExpiryJob],
};
