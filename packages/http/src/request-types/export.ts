// Generated from schemas/api/*.json by `npm run types:requests` (tools/request-types): do not edit.

export interface ExportEventsRequest {
from_position?: string
to_position?: string
since?: string
until?: string
stream?: (string[] | string)
category?: (string[] | string)
type?: (string[] | string)
actor?: ((number | string)[] | string | number)
include_secrets?: boolean
original?: boolean
}
export interface ExportRealmCreateRequest {
export_type?: (1 | 2)
}
export interface ExportRealmDeleteRequest {
export_id: number
}

export interface ExportRequestTypes {
  'export-events': ExportEventsRequest;
  'export-realm-create': ExportRealmCreateRequest;
  'export-realm-delete': ExportRealmDeleteRequest;
}

export interface ExportRequestPathNames {
  'export-events': never;
  'export-realm-create': never;
  'export-realm-delete': 'export_id';
}
