import { type Upcaster, Upcasters } from './upcaster.js';
import { messagesDeletedV1 } from './upcasters/messages-deleted-v1.js';
import { userTopicChangedV1 } from './upcasters/user-topic-changed-v1.js';

/**
 * Every upcaster: one line per retired event version. A new version of an event type adds its
 * schema (schemas/events/<Type>.v<N>.json, the old one kept), makes its writers write it, and adds
 * here the upcaster that reads version N-1 as N.
 */
export const ALL_UPCASTERS: readonly Upcaster[] = [userTopicChangedV1, messagesDeletedV1];

export const allUpcasters = (): Upcasters => new Upcasters(ALL_UPCASTERS);
