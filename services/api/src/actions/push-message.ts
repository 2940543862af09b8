import { decideMessagePushOutcome, type MessagePushAttempt, messagePushProgress, streams } from '@chat/core';
import { streamHistory } from '../commands/stream-history.js';
import { deliverMessagePushes, messagePushFacts } from '../push/message-push-delivery.js';
import { messagePushReceivers } from '../push/message-push-receivers.js';
import { schedulerOrigin } from '../commands/scheduler-origin.js';
import type { Clocked, Commands, Configured, LogReads, Reads, Uses } from '../dependencies.js';

/** What attemptPushes uses. */
type AttemptPushesDeps = Clocked & Configured & Reads<'channels' | 'messages' | 'pushDevices' | 'realm' | 'subscriptions' | 'userTopics' | 'users'> & Uses<'log' | 'presence' | 'push'>;
/** What pushMessage uses. */
type PushMessageDeps = Commands & Clocked & Configured & LogReads & Reads<'channels' | 'messages' | 'pushDevices' | 'realm' | 'subscriptions' | 'userTopics' | 'users'> & Uses<'log' | 'presence' | 'push'>;

const NOTHING_SENT: MessagePushAttempt = { reached: [], failed: [], error_code: null };

const pushHistory = async (ctx: LogReads, messageId: number) => {
  const history = await streamHistory(ctx.store, streams.messagePush(messageId), ['MessagePushesSent', 'MessagePushFailed']);
  return { progress: messagePushProgress(history.events), expected: history.expected };
};

/** One attempt: the candidates not reached yet who should be pushed now, pushed. Without a push service, nobody. */
async function attemptPushes(ctx: AttemptPushesDeps, messageId: number, candidates: readonly number[], reached: readonly number[]): Promise<MessagePushAttempt> {
  const service = ctx.push.service;
  const message = await ctx.models.messages.get(messageId);
  if (!service || !message) return NOTHING_SENT;
  const done = new Set(reached);
  const receivers = await messagePushReceivers(ctx, message, candidates.filter((id) => !done.has(id)));
  if (receivers.length === 0) return NOTHING_SENT;
  return deliverMessagePushes(ctx, service, await messagePushFacts(ctx, message), receivers);
}

/**
 * The message-push job's work: decide and send the pushes, then record what happened on
 * `messagepush-<id>` with the revision read before sending (no_stream the first time). A runner that
 * loses that race reads again, finds the work recorded and appends nothing. The push service is
 * called before the record, so pushes are at least once (a crash in between pushes again at the
 * next run); the record is exactly once.
 */
export async function pushMessage(ctx: PushMessageDeps, jobKey: string, messageId: number, candidates: readonly number[]): Promise<void> {
  let history = await pushHistory(ctx, messageId);
  if (history.progress.done) return;
  const attempt = await attemptPushes(ctx, messageId, candidates, history.progress.reached);
  let first = true;
  await ctx.bus.run(schedulerOrigin(jobKey), async () => {
    if (!first) history = await pushHistory(ctx, messageId);
    first = false;
    const events = decideMessagePushOutcome(messageId, history.progress, attempt);
    return { appends: [{ stream: streams.messagePush(messageId), expected: history.expected, events }], result: undefined };
  });
}
