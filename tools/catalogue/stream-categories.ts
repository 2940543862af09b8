import { FEATURES } from '../../services/api/src/features/all-features.js';
import { eventPlacesOf } from '../../services/api/src/features/feature-lists.js';

/**
 * The stream each event type is appended to, as the actions name it (packages/core/src/streams.ts).
 * Schemas do not say it: each feature declares it beside its event types (services/api/src/features);
 * a type no feature declares is listed as "not recorded" in docs/EVENTS.md until one does.
 */
export const STREAM_OF_TYPE: Readonly<Record<string, string>> = Object.fromEntries([...eventPlacesOf(FEATURES)].map(([type, place]) => [type, place.stream]));

export const streamOfType = (type: string): string | undefined => STREAM_OF_TYPE[type];
