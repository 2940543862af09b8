// Generated from schemas/api/*.json by `npm run types:requests` (tools/request-types): do not edit.

export interface ReactionAddRequest {
message_id: number
emoji_name: string
emoji_code?: string
reaction_type?: string
}
export interface ReactionRemoveRequest {
message_id: number
emoji_name?: string
emoji_code?: string
reaction_type?: string
}

export interface ReactionRequestTypes {
  'reaction-add': ReactionAddRequest;
  'reaction-remove': ReactionRemoveRequest;
}

export interface ReactionRequestPathNames {
  'reaction-add': 'message_id';
  'reaction-remove': 'message_id';
}
