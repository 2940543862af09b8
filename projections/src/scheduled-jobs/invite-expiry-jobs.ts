import type { Projection } from '../projection.js';
import type { ReadModels } from '../read-models.js';
import { jobKey, jobsProjection } from './job-projection.js';

export const INVITE_EXPIRY_JOB = 'invite-expiry';
export const inviteExpiryJobKey = (inviteId: number): string => jobKey(INVITE_EXPIRY_JOB, inviteId);

/** A link with an expiry is a job due then (to record InviteLinkExpired); revoking or expiring ends it. */
export const inviteExpiryJobsProjection = (models: ReadModels): Projection =>
  jobsProjection(models, {
    kind: INVITE_EXPIRY_JOB,
    subjectField: 'invite_id',
    handles: ['InviteLinkCreated', 'InviteLinkRevoked', 'InviteLinkExpired'],
    starts: (event) =>
      event.type === 'InviteLinkCreated' && event.data.expires_at !== null ? { id: event.data.invite_id, from: event.data.expires_at } : null,
    ends: (event) => (event.type === 'InviteLinkRevoked' || event.type === 'InviteLinkExpired' ? event.data.invite_id : null),
  });
