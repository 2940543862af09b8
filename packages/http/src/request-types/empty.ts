// Generated from schemas/api/*.json by `npm run types:requests` (tools/request-types): do not edit.

export interface EmptyRequest {
}

export interface EmptyRequestTypes {
  'empty': EmptyRequest;
}

export interface EmptyRequestPathNames {
  'empty': never;
}
