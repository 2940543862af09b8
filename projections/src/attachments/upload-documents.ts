/** The uploads one message links (only its sender's own files count as linked), keyed by message id. */
export interface MessageUploadLinks {
  message_id: number;
  /** Ascending. */
  attachment_ids: number[];
}

/** The organization's upload space in use: the sum of every stored file's size, under REALM_KEY. */
export interface UploadUsage {
  bytes: number;
}
