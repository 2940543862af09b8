// Generated from schemas/api/*.json by `npm run types:requests` (tools/request-types): do not edit.

export interface AlertWordsAddRequest {
alert_words: string[]
}
export interface AlertWordsRemoveRequest {
alert_words: string[]
}

export interface AlertRequestTypes {
  'alert-words-add': AlertWordsAddRequest;
  'alert-words-remove': AlertWordsRemoveRequest;
}

export interface AlertRequestPathNames {
  'alert-words-add': never;
  'alert-words-remove': never;
}
