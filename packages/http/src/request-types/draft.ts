// Generated from schemas/api/*.json by `npm run types:requests` (tools/request-types): do not edit.

export interface DraftDeleteRequest {
draft_id: number
}
export interface DraftEditRequest {
draft_id: number
draft: {
type: ("" | "stream" | "private")
to: number[]
topic: string
content: string
timestamp?: number
id?: number
}
}
export interface DraftsCreateRequest {
drafts?: {
type: ("" | "stream" | "private")
to: number[]
topic: string
content: string
timestamp?: number
id?: number
}[]
}

export interface DraftRequestTypes {
  'draft-delete': DraftDeleteRequest;
  'draft-edit': DraftEditRequest;
  'drafts-create': DraftsCreateRequest;
}

export interface DraftRequestPathNames {
  'draft-delete': 'draft_id';
  'draft-edit': 'draft_id';
  'drafts-create': never;
}
