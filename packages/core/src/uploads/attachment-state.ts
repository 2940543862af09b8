import type { UploadedFileFacts } from '../events/uploaded-file-facts.js';

/** A message linking an upload, as attachment records show it (`date_sent` in ms). */
export interface AttachmentMessage {
  id: number;
  date_sent: number;
}

export type { UploadedFileFacts } from '../events/uploaded-file-facts.js';

/** An uploaded file as the read model keeps it. */
export interface AttachmentState extends UploadedFileFacts {
  id: number;
  /** Upload time, ms. */
  create_time: number;
  /** The messages linking it, ascending by id. */
  messages: AttachmentMessage[];
  /** Log position of the event that last changed it: fan-out finds what an event changed by it. */
  changed_at: number;
}

/** The attachment record of the public API: what `GET /attachments`, events and `detached_uploads` carry. */
export interface AttachmentRecord {
  id: number;
  name: string;
  path_id: string;
  size: number;
  create_time: number;
  messages: AttachmentMessage[];
}

export const attachmentRecord = (a: AttachmentState): AttachmentRecord => ({
  id: a.id,
  name: a.name,
  path_id: a.path_id,
  size: a.size,
  create_time: a.create_time,
  messages: a.messages.map((m) => ({ id: m.id, date_sent: m.date_sent })),
});
