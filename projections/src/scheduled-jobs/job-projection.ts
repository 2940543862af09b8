import type { DomainEventType, StoredEventOf } from '@chat/core';
import { type Projection, projectionOf } from '../projection.js';
import type { ReadModels } from '../read-models.js';

/** Which events start and end the jobs of one kind, each about one subject id. */
export interface JobRule<T extends DomainEventType> {
  kind: string;
  /** The event types that start or end its jobs. */
  handles: readonly T[];
  /** The subject's id field in the job's `subject` (`reminder_id`). */
  subjectField: string;
  /** The subject and the time the wait counts from, when the event makes work due later. */
  starts(event: StoredEventOf<T>): { id: number; from: number } | null;
  /** The subject whose job the event ends (the work was done, or is no longer wanted). */
  ends(event: StoredEventOf<T>): number | null;
}

export const jobKey = (kind: string, id: number): string => `${kind}:${id}`;

/** Keeps the `scheduledJobs` of one kind from the events of its rule. */
export function jobsProjection<T extends DomainEventType>(models: ReadModels, rule: JobRule<T>): Projection {
  return projectionOf(`${rule.kind}-jobs`, rule.handles, async (event) => {
    const started = rule.starts(event);
    if (started) {
      const key = jobKey(rule.kind, started.id);
      await models.scheduledJobs.put(key, { key, kind: rule.kind, from: started.from, subject: { [rule.subjectField]: started.id } }, event.position);
      return;
    }
    const ended = rule.ends(event);
    if (ended !== null) await models.scheduledJobs.delete(jobKey(rule.kind, ended), event.position);
  });
}
