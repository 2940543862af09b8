// Generated from schemas/api/*.json by `npm run types:requests` (tools/request-types): do not edit.

export interface InviteJoinPageRequest {
key: string
}
export interface InviteLinkAcceptRequest {
key: string
email: string
password: string
full_name: string
}
export interface InviteLinkCreateRequest {
invite_expires_in_minutes?: (number | null)
invite_as?: number
stream_ids?: number[]
group_ids?: number[]
include_realm_default_subscriptions?: boolean
welcome_message_custom_text?: string
}
export interface InviteLinkRevokeRequest {
invite_id: number
}
export interface InvitesListRequest {
}
export interface InvitesSendRequest {
invitee_emails: string
invite_expires_in_minutes?: (number | null)
invite_as?: number
stream_ids: number[]
group_ids?: number[]
include_realm_default_subscriptions?: boolean
welcome_message_custom_text?: string
notify_referrer_on_join?: boolean
}

export interface InviteRequestTypes {
  'invite-join-page': InviteJoinPageRequest;
  'invite-link-accept': InviteLinkAcceptRequest;
  'invite-link-create': InviteLinkCreateRequest;
  'invite-link-revoke': InviteLinkRevokeRequest;
  'invites-list': InvitesListRequest;
  'invites-send': InvitesSendRequest;
}

export interface InviteRequestPathNames {
  'invite-join-page': 'key';
  'invite-link-accept': never;
  'invite-link-create': never;
  'invite-link-revoke': 'invite_id';
  'invites-list': never;
  'invites-send': never;
}
