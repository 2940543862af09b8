import { ApiError, badRequest } from '../errors.js';
import type { AttachmentDeleted, AttachmentDeletionReason, AttachmentUploaded } from '../events/attachment-events.js';
import { type AttachmentRecord, attachmentRecord, type AttachmentState } from './attachment-state.js';
import { uploadPathsIn } from './upload-paths.js';

const MIB = 1024 * 1024;

/** The refusal of a file over the server's limit, wherever it is noticed (while streaming, or here). */
export const fileTooLarge = (maxMib: number): ApiError =>
  badRequest(`The uploaded file is larger than this server's limit of ${maxMib} MiB`, { max_file_upload_size_mib: maxMib });

export const invalidAttachment = (): ApiError => badRequest('Invalid attachment');

/** The upload to record, and the server's limit. */
export type UploadRequest = AttachmentUploaded['data'] & { maxMib: number };

/** POST /user_uploads: records a stored file, refusing one over the limit. */
export function decideUploadFile(req: UploadRequest): AttachmentUploaded {
  if (req.size > req.maxMib * MIB) throw fileTooLarge(req.maxMib);
  const { attachment_id, owner_id, path_id, size, content_type, sha256 } = req;
  return { type: 'AttachmentUploaded', data: { attachment_id, owner_id, name: req.name === '' ? 'uploaded-file' : req.name, path_id, size, content_type, sha256 } };
}

const deleted = (a: AttachmentState, reason: AttachmentDeletionReason): AttachmentDeleted => ({
  type: 'AttachmentDeleted',
  data: { attachment_id: a.id, owner_id: a.owner_id, path_id: a.path_id, size: a.size, reason },
});

/** DELETE /attachments/{id}: only the owner's own files; anything else reads as an invalid id. */
export function decideDeleteAttachment(attachment: AttachmentState | undefined, actorId: number): AttachmentDeleted {
  if (!attachment || attachment.owner_id !== actorId) throw invalidAttachment();
  return deleted(attachment, 'requested');
}

/** An erased person's file that no kept message links: deleted with them. */
export const decideEraseAttachment = (attachment: AttachmentState): AttachmentDeleted => deleted(attachment, 'erasure');

/**
 * The scheduled clean-up of a file nobody links: nothing when it is gone already or linked again
 * meanwhile (the job was made stale by a later event the scheduler has not seen yet).
 */
export function decideExpireAttachment(attachment: AttachmentState | undefined, reason: 'unclaimed' | 'orphaned'): AttachmentDeleted[] {
  if (!attachment || attachment.messages.length > 0) return [];
  return [deleted(attachment, reason)];
}

/**
 * What an edit of a message detaches: the editor's files that this message alone linked and the new
 * content no longer links, as they will stand after the edit (no messages).
 */
export function detachedUploads(linked: readonly AttachmentState[], messageId: number, editorId: number, newHtml: string): AttachmentRecord[] {
  const still = new Set(uploadPathsIn(newHtml));
  return linked
    .filter((a) => a.owner_id === editorId && !still.has(a.path_id) && a.messages.every((m) => m.id === messageId))
    .map((a) => ({ ...attachmentRecord(a), messages: [] }));
}
