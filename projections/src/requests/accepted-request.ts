/** A user's request id that changed something, and (once known) what it answered. */
export interface AcceptedRequest {
  user_id: number;
  request_id: string;
  fingerprint: string;
  /** Day of the log (UTC, days since the epoch) it was accepted: requests are kept one to two days. */
  day: number;
  accepted_at: number;
  answer: { status: number; body: string } | null;
}
