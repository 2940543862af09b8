// Generated from schemas/api/*.json by `npm run types:requests` (tools/request-types): do not edit.

export interface PresenceUpdateRequest {
status: ("active" | "idle")
ping_only?: boolean
new_user_input?: boolean
slim_presence?: boolean
last_update_id?: number
history_limit_days?: number
}
export interface PresenceUserGetRequest {
user_id_or_email: string
}

export interface PresenceRequestTypes {
  'presence-update': PresenceUpdateRequest;
  'presence-user-get': PresenceUserGetRequest;
}

export interface PresenceRequestPathNames {
  'presence-update': never;
  'presence-user-get': 'user_id_or_email';
}
