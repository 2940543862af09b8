import { type Projection, projectionOf } from '../projection.js';
import type { ReadModels } from '../read-models.js';

const DAY_MS = 86_400_000;

export const requestKey = (userId: number, requestId: string): string => `${userId}:${requestId}`;

/**
 * Requests by user and request id. Bounded by the log's own clock (each event's occurred_at), so a
 * rebuild keeps exactly what live projection kept: when a request arrives on day D, the requests of
 * days before D-1 are dropped.
 */
export function requestsProjection(models: ReadModels): Projection {
  return projectionOf('requests', ['RequestAccepted', 'RequestAnswered'], async (event) => {
    const key = requestKey(event.data.user_id, event.data.request_id);
    if (event.type === 'RequestAnswered') {
      const accepted = await models.requests.get(key);
      if (accepted) await models.requests.put(key, { ...accepted, answer: { status: event.data.status, body: event.data.body } }, event.position);
      return;
    }
    const day = Math.floor(event.metadata.occurred_at / DAY_MS);
    const { user_id, request_id, fingerprint } = event.data;
    await models.requests.put(key, { user_id, request_id, fingerprint, day, accepted_at: event.metadata.occurred_at, answer: null }, event.position);
    if (!(await models.requestDays.get(day))) await models.requestDays.put(day, { day }, event.position);
    for (const old of await models.requestDays.all()) {
      if (old.day >= day - 1) continue;
      for (const request of await models.requests.findMany('day', old.day)) {
        await models.requests.delete(requestKey(request.user_id, request.request_id), event.position);
      }
      await models.requestDays.delete(old.day, event.position);
    }
  });
}
