// Generated from schemas/api/*.json by `npm run types:requests` (tools/request-types): do not edit.

export interface PlaygroundAddRequest {
name?: string
pygments_language?: string
url_template?: string
}
export interface PlaygroundRemoveRequest {
playground_id: number
}

export interface PlaygroundRequestTypes {
  'playground-add': PlaygroundAddRequest;
  'playground-remove': PlaygroundRemoveRequest;
}

export interface PlaygroundRequestPathNames {
  'playground-add': never;
  'playground-remove': 'playground_id';
}
