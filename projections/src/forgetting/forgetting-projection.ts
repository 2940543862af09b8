import { FORGETTING_EVENTS, subjectsForgottenBy } from '@chat/core';
import type { SubjectKeys } from '@chat/keystore';
import { type Projection, projectionOf } from '../projection.js';

/**
 * Forgetting as the log says it happened: every event whose fact is that something is gone destroys
 * the keys of what it names (docs/topics/forgetting.md). Applied in every process that follows the
 * log, at every start for the events after the read models' position too: forgetting what is already
 * forgotten changes and writes nothing, and a deletion whose keys a crash left undestroyed is carried
 * out when the log is next read.
 */
export function forgettingProjection(keys: SubjectKeys): Projection {
  return projectionOf('forgetting', FORGETTING_EVENTS, async (event) => {
    await keys.forget(subjectsForgottenBy(event), event.position);
  });
}
