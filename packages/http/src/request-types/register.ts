// Generated from schemas/api/*.json by `npm run types:requests` (tools/request-types): do not edit.

export interface RegisterRequest {
apply_markdown?: boolean
client_gravatar?: boolean
include_subscribers?: ("true" | "false" | "partial" | true | false)
slim_presence?: boolean
presence_history_limit_days?: number
event_types?: string[]
fetch_event_types?: string[]
all_public_streams?: boolean
client_capabilities?: {
notification_settings_null?: boolean
bulk_message_deletion?: boolean
user_avatar_url_field_optional?: boolean
stream_typing_notifications?: boolean
user_settings_object?: boolean
linkifier_url_template?: boolean
user_list_incomplete?: boolean
include_deactivated_groups?: boolean
archived_channels?: boolean
empty_topic_name?: boolean
simplified_presence_events?: boolean
}
narrow?: ([unknown, unknown] | {
})[]
queue_lifespan_secs?: number
include_streams?: boolean
}

export interface RegisterRequestTypes {
  'register': RegisterRequest;
}

export interface RegisterRequestPathNames {
  'register': never;
}
