import type { StoredEvent } from '@chat/core';
import type { Projection } from '../projection.js';
import type { ReadModels } from '../read-models.js';

/** Which events start and end the jobs of one kind, each about one subject id. */
export interface JobRule {
  kind: string;
  /** The subject's id field in the job's `subject` (`reminder_id`). */
  subjectField: string;
  /** The subject and the time the wait counts from, when the event makes work due later. */
  starts(event: StoredEvent): { id: number; from: number } | null;
  /** The subject whose job the event ends (the work was done, or is no longer wanted). */
  ends(event: StoredEvent): number | null;
}

export const jobKey = (kind: string, id: number): string => `${kind}:${id}`;

/** Keeps the `scheduledJobs` of one kind from the events of its rule. */
export function jobsProjection(models: ReadModels, rule: JobRule): Projection {
  return {
    name: `${rule.kind}-jobs`,
    async apply(event: StoredEvent): Promise<void> {
      const started = rule.starts(event);
      if (started) {
        const key = jobKey(rule.kind, started.id);
        await models.scheduledJobs.put(key, { key, kind: rule.kind, from: started.from, subject: { [rule.subjectField]: started.id } }, event.position);
        return;
      }
      const ended = rule.ends(event);
      if (ended !== null) await models.scheduledJobs.delete(jobKey(rule.kind, ended), event.position);
    },
  };
}
