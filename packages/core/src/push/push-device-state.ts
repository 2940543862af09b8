import type { PushDeviceRegistered, PushTokenAdded, PushTokenKind } from '../events/push-device-events.js';

/** A legacy device token as the read model keeps it (what was recorded): found by its keyed digest, sent decrypted. */
export type PushTokenState = { key: string; kind: 'token' } & PushTokenAdded['data'];

/** An end-to-end encrypted registration as last recorded, by the push account id the client chose. */
export type E2eePushDeviceState = { key: string; kind: 'e2ee' } & PushDeviceRegistered['data'];

/** Every push registration of a user, of either kind, in one read model. */
export type PushDeviceState = PushTokenState | E2eePushDeviceState;

export const pushDeviceKeys = {
  token: (userId: number, kind: PushTokenKind, digest: string): string => `${userId}:token:${kind}:${digest}`,
  e2ee: (userId: number, pushAccountId: number): string => `${userId}:e2ee:${pushAccountId}`,
};
