// Generated from schemas/api/*.json by `npm run types:requests` (tools/request-types): do not edit.

export interface RetentionSweepRequest {
sweep_id?: number
}

export interface RetentionRequestTypes {
  'retention-sweep': RetentionSweepRequest;
}

export interface RetentionRequestPathNames {
  'retention-sweep': never;
}
