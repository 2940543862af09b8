import { pushCandidates, type StoredEventOf } from '@chat/core';
import { type Projection, projectionOf } from '../projection.js';
import { REALM_KEY, type ReadModels } from '../read-models.js';
import { jobKey } from './job-projection.js';

/** A message's mobile pushes, decided and sent when the job runs (presence is known only then). */
export const MESSAGE_PUSH_JOB = 'message-push';
export const messagePushJobKey = (messageId: number): string => jobKey(MESSAGE_PUSH_JOB, messageId);

/**
 * One job per message that has a receiver other than the sender with a push device; the subject lists
 * those receivers (`user_ids`, comma-separated), so the handler looks at no one else. A message whose
 * receivers have no devices costs one lookup and no write. The job ends with MessagePushesSent, a
 * MessagePushFailed that gave up, or the message's deletion.
 */
export function messagePushJobsProjection(models: ReadModels): Projection {
  return projectionOf('message-push-jobs', ['MessagePushFailed', 'MessagePushesSent', 'MessageSent', 'MessagesDeleted'], (event) => {
    switch (event.type) {
      case 'MessageSent':
        return scheduleSent(models, event);
      case 'MessagePushesSent':
        return models.scheduledJobs.delete(messagePushJobKey(event.data.message_id), event.position);
      case 'MessagePushFailed':
        return event.data.gave_up ? models.scheduledJobs.delete(messagePushJobKey(event.data.message_id), event.position) : undefined;
      case 'MessagesDeleted':
        return dropDeleted(models, event);
      default:
        return undefined;
    }
  });
}

async function scheduleSent(models: ReadModels, event: StoredEventOf<'MessageSent'>): Promise<void> {
  const withDevices = (await models.pushUsers.get(REALM_KEY))?.user_ids;
  if (!withDevices || withDevices.length === 0) return;
  const { message_id, sender_id, receivers } = event.data;
  const candidates = pushCandidates(receivers, withDevices, sender_id);
  if (candidates.length === 0) return;
  const key = messagePushJobKey(message_id);
  const subject = { message_id, user_ids: candidates.join(',') };
  await models.scheduledJobs.put(key, { key, kind: MESSAGE_PUSH_JOB, from: event.metadata.occurred_at, subject }, event.position);
}

async function dropDeleted(models: ReadModels, event: StoredEventOf<'MessagesDeleted'>): Promise<void> {
  for (const id of event.data.message_ids) await models.scheduledJobs.delete(messagePushJobKey(id), event.position);
}
