// Generated from schemas/api/*.json by `npm run types:requests` (tools/request-types): do not edit.

export interface WelcomeMessageTestRequest {
welcome_message_custom_text: string
}

export interface WelcomeRequestTypes {
  'welcome-message-test': WelcomeMessageTestRequest;
}

export interface WelcomeRequestPathNames {
  'welcome-message-test': never;
}
