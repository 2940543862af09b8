import { streams } from '@chat/core';

/**
 * A user's request id on a write, carried by the request's origin. The first commit that changes
 * something also appends RequestAccepted to the id's stream expecting no stream, atomically: the
 * id is taken exactly when the request's first change is stored, in whichever process.
 */
export interface RequestClaim {
  readonly userId: number;
  readonly requestId: string;
  readonly fingerprint: string;
  readonly stream: string;
  /** The log position the read models stood at when the id was found free: its stream must not change after it. */
  readonly seenAt: number;
  /** Set by the bus once RequestAccepted is stored. */
  accepted: boolean;
}

export const requestClaim = (userId: number, requestId: string, fingerprint: string, seenAt: number): RequestClaim => ({
  userId,
  requestId,
  fingerprint,
  stream: streams.request(userId, requestId),
  seenAt,
  accepted: false,
});

/** Another request under the same user and id took it first (a concurrent retry, maybe in another process). */
export class RequestAlreadyAccepted extends Error {
  constructor(readonly claim: RequestClaim) {
    super(`Request id ${claim.requestId} of user ${claim.userId} is already taken`);
    this.name = 'RequestAlreadyAccepted';
  }
}
