// Generated from schemas/api/*.json by `npm run types:requests` (tools/request-types): do not edit.

export interface SavedSnippetCreateRequest {
title: string
content: string
}
export interface SavedSnippetDeleteRequest {
saved_snippet_id: number
}
export interface SavedSnippetEditRequest {
saved_snippet_id: number
title?: string
content?: string
}

export interface SavedRequestTypes {
  'saved-snippet-create': SavedSnippetCreateRequest;
  'saved-snippet-delete': SavedSnippetDeleteRequest;
  'saved-snippet-edit': SavedSnippetEditRequest;
}

export interface SavedRequestPathNames {
  'saved-snippet-create': never;
  'saved-snippet-delete': 'saved_snippet_id';
  'saved-snippet-edit': 'saved_snippet_id';
}
