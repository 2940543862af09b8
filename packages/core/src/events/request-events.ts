/**
 * A user's request that carried a request id changed something: appended in the same atomic commit as
 * the request's first events, so a retry (in this process or another) finds the id taken.
 */
export interface RequestAccepted {
  type: 'RequestAccepted';
  data: { user_id: number; request_id: string; fingerprint: string };
}

/** What that request answered (HTTP status and JSON body), so that a retry gets the same answer. */
export interface RequestAnswered {
  type: 'RequestAnswered';
  data: { user_id: number; request_id: string; status: number; body: string };
}

export type RequestEvent = RequestAccepted | RequestAnswered;

declare module './index.js' {
  interface DomainEventKinds {
    RequestEvent: RequestEvent;
  }
}
