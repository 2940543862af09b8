// Generated from schemas/api/*.json by `npm run types:requests` (tools/request-types): do not edit.

export interface AttachmentDeleteRequest {
attachment_id: number
}

export interface AttachmentRequestTypes {
  'attachment-delete': AttachmentDeleteRequest;
}

export interface AttachmentRequestPathNames {
  'attachment-delete': 'attachment_id';
}
