// Generated from schemas/api/*.json by `npm run types:requests` (tools/request-types): do not edit.

export interface EmailConfirmPageRequest {
token: string
}
export interface EmailInviteResendRequest {
invite_id: number
}
export interface EmailInviteRevokeRequest {
invite_id: number
}

export interface EmailRequestTypes {
  'email-confirm-page': EmailConfirmPageRequest;
  'email-invite-resend': EmailInviteResendRequest;
  'email-invite-revoke': EmailInviteRevokeRequest;
}

export interface EmailRequestPathNames {
  'email-confirm-page': 'token';
  'email-invite-resend': 'invite_id';
  'email-invite-revoke': 'invite_id';
}
