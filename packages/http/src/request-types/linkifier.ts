// Generated from schemas/api/*.json by `npm run types:requests` (tools/request-types): do not edit.

export interface LinkifierAddRequest {
pattern?: string
url_template?: string
}
export interface LinkifierRemoveRequest {
filter_id: number
}
export interface LinkifierUpdateRequest {
filter_id: number
pattern?: string
url_template?: string
}
export interface LinkifiersReorderRequest {
ordered_linkifier_ids?: number[]
}

export interface LinkifierRequestTypes {
  'linkifier-add': LinkifierAddRequest;
  'linkifier-remove': LinkifierRemoveRequest;
  'linkifier-update': LinkifierUpdateRequest;
  'linkifiers-reorder': LinkifiersReorderRequest;
}

export interface LinkifierRequestPathNames {
  'linkifier-add': never;
  'linkifier-remove': 'filter_id';
  'linkifier-update': 'filter_id';
  'linkifiers-reorder': never;
}
