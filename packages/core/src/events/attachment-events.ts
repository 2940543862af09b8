import type { UploadedFileFacts } from './uploaded-file-facts.js';

/**
 * A user uploaded a file. The bytes are in upload storage under `path_id`, never in the log; the log
 * keeps what describes them (the upload time is the event's `occurred_at`).
 */
export interface AttachmentUploaded {
  type: 'AttachmentUploaded';
  data: { attachment_id: number } & UploadedFileFacts;
}

/**
 * Why an uploaded file was deleted: its owner asked, nobody linked it in time, its last linking message
 * went, or its owner was erased and no message kept links it.
 */
export type AttachmentDeletionReason = 'requested' | 'unclaimed' | 'orphaned' | 'erasure';

/** An uploaded file was deleted, and its bytes with it. */
export interface AttachmentDeleted {
  type: 'AttachmentDeleted';
  data: { attachment_id: number; owner_id: number; path_id: string; size: number; reason: AttachmentDeletionReason };
}

export type AttachmentEvent = AttachmentUploaded | AttachmentDeleted;

declare module './index.js' {
  interface DomainEventKinds {
    AttachmentEvent: AttachmentEvent;
  }
}
