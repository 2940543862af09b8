import { BotType, mentionedByName, outgoingWebhookTriggers, type StoredEventOf, type TriggerCandidate } from '@chat/core';
import { type Projection, projectionOf } from '../projection.js';
import type { ReadModels } from '../read-models.js';

/** A message's call to an outgoing-webhook bot's service, made in the background. */
export const OUTGOING_WEBHOOK_JOB = 'outgoing-webhook';
export const outgoingWebhookJobKey = (messageId: number, botId: number): string => `${OUTGOING_WEBHOOK_JOB}:${messageId}.${botId}`;

/**
 * One job per message and outgoing-webhook bot it calls (mentioned in a channel it may read, or in
 * the direct message), with the trigger in its subject. It ends with OutgoingWebhookSettled or the
 * message's deletion; a failed call leaves it for a later tick.
 */
export function outgoingWebhookJobsProjection(models: ReadModels, hooks: { jobScheduled?: (kind: string) => void } = {}): Projection {
  return projectionOf('outgoing-webhook-jobs', ['MessageSent', 'OutgoingWebhookSettled', 'MessagesDeleted'], async (event) => {
    switch (event.type) {
      case 'MessageSent':
        return schedule(models, event, hooks.jobScheduled);
      case 'OutgoingWebhookSettled':
        return models.scheduledJobs.delete(outgoingWebhookJobKey(event.data.message_id, event.data.bot_id), event.position);
      case 'MessagesDeleted':
        return dropDeleted(models, event);
      default:
        return undefined;
    }
  });
}

async function schedule(models: ReadModels, event: StoredEventOf<'MessageSent'>, scheduled?: (kind: string) => void): Promise<void> {
  // Only an active outgoing-webhook bot is ever called: without one (most organizations) the message's
  // HTML is not read, which for a sealed log is a decryption per message (docs/topics/forgetting.md).
  if (!(await models.users.findMany('bot_type', BotType.OutgoingWebhook)).some((bot) => bot.is_active)) return;
  const { recipient, receivers, sender_id } = event.data;
  const candidates = recipient.type === 'channel' ? [sender_id, ...mentionedByName(event.data.rendered_content)] : [sender_id, ...recipient.user_ids];
  const users = new Map<number, TriggerCandidate>();
  for (const id of new Set(candidates)) {
    const user = await models.users.get(id);
    if (user) users.set(id, user);
  }
  const channel = recipient.type === 'channel' ? await models.channels.get(recipient.channel_id) : undefined;
  const triggers = outgoingWebhookTriggers(event.data, {
    user: (id) => users.get(id),
    canReadChannel: (id) => receivers.includes(id) || (channel !== undefined && !channel.invite_only),
  });
  for (const { bot_id, trigger } of triggers) {
    const key = outgoingWebhookJobKey(event.data.message_id, bot_id);
    const subject = { message_id: event.data.message_id, bot_id, trigger };
    await models.scheduledJobs.put(key, { key, kind: OUTGOING_WEBHOOK_JOB, from: event.metadata.occurred_at, subject }, event.position);
  }
  if (triggers.length > 0) scheduled?.(OUTGOING_WEBHOOK_JOB);
}

async function dropDeleted(models: ReadModels, event: StoredEventOf<'MessagesDeleted'>): Promise<void> {
  for (const id of event.data.message_ids) {
    for (const job of await models.scheduledJobs.findMany('kind', OUTGOING_WEBHOOK_JOB)) {
      if (job.subject.message_id === id) await models.scheduledJobs.delete(job.key, event.position);
    }
  }
}
