// Generated from schemas/api/*.json by `npm run types:requests` (tools/request-types): do not edit.

export interface AuditAsOfRequest {
position?: number
at?: string
}
export interface AuditChannelReadersRequest {
stream_id: number
position?: number
at?: string
}
export interface AuditMessageRequest {
message_id: number
position?: number
at?: string
}
export interface AuditTrailRequest {
actor?: ((number | string)[] | string | number)
user_id?: number
stream_id?: number
kind?: (string[] | string)
since?: string
until?: string
after?: number
to_position?: number
limit?: number
}
export interface AuditUserPermissionsRequest {
user_id: number
position?: number
at?: string
}

export interface AuditRequestTypes {
  'audit-as-of': AuditAsOfRequest;
  'audit-channel-readers': AuditChannelReadersRequest;
  'audit-message': AuditMessageRequest;
  'audit-trail': AuditTrailRequest;
  'audit-user-permissions': AuditUserPermissionsRequest;
}

export interface AuditRequestPathNames {
  'audit-as-of': never;
  'audit-channel-readers': 'stream_id';
  'audit-message': 'message_id';
  'audit-trail': never;
  'audit-user-permissions': 'user_id';
}
