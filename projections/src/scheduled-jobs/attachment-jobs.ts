import type { StoredEventOf } from '@chat/core';
import { mayLinkUploads } from '../attachments/may-link-uploads.js';
import { type Projection, projectionOf } from '../projection.js';
import type { ReadModels } from '../read-models.js';

/** A file no message links: deleted some weeks after it was uploaded, or after an edit unlinked it. */
export const UNCLAIMED_UPLOAD_JOB = 'upload-unclaimed';
/** A file whose last linking message was deleted: deleted at once. */
export const ORPHANED_UPLOAD_JOB = 'upload-orphaned';

export const attachmentJobKey = (attachmentId: number): string => `attachment:${attachmentId}`;

/**
 * At most one clean-up job per attachment, while no message links it. Runs after the attachments
 * projection and reads the attachments the event changed (`changed_at`), so it needs no link logic.
 */
export function attachmentJobsProjection(models: ReadModels): Projection {
  const schedule = (attachmentId: number, kind: string, from: number, position: number): Promise<void> =>
    models.scheduledJobs.put(attachmentJobKey(attachmentId), { key: attachmentJobKey(attachmentId), kind, from, subject: { attachment_id: attachmentId } }, position);

  const types = ['AttachmentDeleted', 'AttachmentUploaded', 'MessageContentEdited', 'MessageSent', 'MessagesDeleted', 'MessagesMoved'] as const;
  const apply = async (event: StoredEventOf<(typeof types)[number]>): Promise<void> => {
    const at = event.metadata.occurred_at;
    if (event.type === 'AttachmentUploaded') return schedule(event.data.attachment_id, UNCLAIMED_UPLOAD_JOB, at, event.position);
    if (event.type === 'AttachmentDeleted') return models.scheduledJobs.delete(attachmentJobKey(event.data.attachment_id), event.position);
    for (const attachment of await models.attachments.findMany('changed_at', event.position)) {
      const key = attachmentJobKey(attachment.id);
      if (attachment.messages.length > 0) {
        if (await models.scheduledJobs.get(key)) await models.scheduledJobs.delete(key, event.position);
      } else {
        await schedule(attachment.id, event.type === 'MessagesDeleted' ? ORPHANED_UPLOAD_JOB : UNCLAIMED_UPLOAD_JOB, at, event.position);
      }
    }
  };

  // A message sent without naming an upload changed no attachment (most of a log); the attachments
  // projection before this one has found that out already, and says so in the facts.
  return projectionOf('attachment-jobs', types, (event, facts) => {
    if (event.type !== 'MessageSent') return apply(event);
    if (facts?.mayLinkUploads === false) return undefined;
    return mayLinkUploads(models, event).then((may) => (may ? apply(event) : undefined));
  });
}
