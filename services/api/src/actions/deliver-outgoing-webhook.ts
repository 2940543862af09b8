import { ApiError, botSettingsOf, decideOutgoingWebhookCall, type OutgoingWebhookCall, type OutgoingWebhookDecision, outgoingWebhookProgress, type OutgoingWebhookTrigger, ownerNoticeText, quotedBody, streams, type DomainEvent } from '@chat/core';
import { messageNarrowUrl } from '@chat/markdown';
import { messageLookups } from '@chat/projections';
import type { StoredMessage } from '@chat/readstore';
import { messageRecord, shapeMessage } from '@chat/wire';
import type { StreamAppend } from '../commands/command-bus.js';
import { schedulerOrigin } from '../commands/scheduler-origin.js';
import { streamHistory } from '../commands/stream-history.js';
import { realmHost } from '../realm-host.js';
import { postWebhook } from '../webhooks/outgoing/post-webhook.js';
import { webhookPayload } from '../webhooks/outgoing/webhook-payload.js';
import { sendDecision, type SendInput } from './send-message.js';
import type { Allocates, Commands, Configured, LogReads, Uses } from '../dependencies.js';

/** What delivering an outgoing webhook uses. */
export type OutgoingWebhookDeps = Commands & Configured & Allocates & LogReads & Uses<'models' | 'organization' | 'apiKeys'>;

const EVENT_TYPES = ['OutgoingWebhookAttemptFailed', 'OutgoingWebhookSettled'] as const;

const historyOf = async (ctx: LogReads, messageId: number, botId: number) => {
  const history = await streamHistory(ctx.store, streams.outgoingWebhook(messageId, botId), [...EVENT_TYPES]);
  return { progress: outgoingWebhookProgress(history.events), expected: history.expected };
};

/** The message as the payload carries it: Markdown content, the HTML beside it, the avatar URL spelled out. */
async function payloadMessage(ctx: OutgoingWebhookDeps, message: StoredMessage): Promise<Record<string, unknown>> {
  const found = messageRecord(message, await messageLookups(ctx.models, [message], realmHost(ctx)));
  return { ...shapeMessage(found, { applyMarkdown: false, clientGravatar: false, emptyTopicName: true }), rendered_content: found.record.content };
}

/** Where the bot answers: the message's topic, or its direct-message conversation. */
function replyTarget(message: StoredMessage, botId: number): Omit<SendInput, 'content'> {
  const recipient = message.recipient;
  if (recipient.type === 'channel') return { type: 'channel', to: recipient.channel_id, topic: recipient.topic, read_by_sender: true };
  const others = recipient.user_ids.filter((id) => id !== botId);
  return { type: 'direct', to: others.length === 0 ? [botId] : others, topic: undefined, read_by_sender: true };
}

function messageUrl(ctx: Configured, message: StoredMessage, channelName: string | undefined): string {
  const realmUrl = ctx.config.externalUrl.replace(/\/$/, '');
  const recipient = message.recipient;
  if (recipient.type === 'channel') return `${realmUrl}${messageNarrowUrl(recipient.channel_id, channelName ?? String(recipient.channel_id), recipient.topic, message.id)}`;
  return `${realmUrl}/#narrow/dm/${recipient.user_ids.join(',')}-group/near/${message.id}`;
}

/** The events that record a decision, with the bot's messages (its reply, its owner's notice) sent in the same command. */
async function recordDecision(ctx: OutgoingWebhookDeps, message: StoredMessage, botId: number, ownerId: number | null, attempt: number, decision: OutgoingWebhookDecision, notice: ((detail: string) => string) | null = null): Promise<{ own: DomainEvent; appends: StreamAppend[] }> {
  const base = { message_id: message.id, bot_id: botId };
  if ('retry' in decision) return { own: { type: 'OutgoingWebhookAttemptFailed', data: { ...base, attempt, failure: decision.retry } }, appends: [] };
  const appends: StreamAppend[] = [];
  const message_ids: number[] = [];
  /** Sends as the bot; answers the refusal's text when the server refuses the message (too long, a channel archived meanwhile, …). */
  const send = async (input: SendInput): Promise<string | null> => {
    const id = await ctx.ids.next('message');
    try {
      appends.push(...(await sendDecision(ctx, botId, input, id)).appends);
    } catch (error) {
      if (error instanceof ApiError) return error.message;
      throw error;
    }
    message_ids.push(id);
    return null;
  };
  let settle = decision.settle;
  let ownerNotice = decision.ownerNotice;
  const refused = decision.reply === null ? null : await send({ ...replyTarget(message, botId), content: decision.reply });
  if (refused !== null && ownerNotice === null && notice !== null) {
    // As the public server does when the reply it was asked to post is refused: the owner hears why.
    settle = { ...settle, outcome: 'failed' };
    ownerNotice = notice(`The outgoing webhook server attempted to send a message in Zulip, but that request resulted in the following error:\n> ${refused}`);
  }
  if (ownerNotice !== null && ownerId !== null) await send({ type: 'direct', to: [ownerId], topic: undefined, content: ownerNotice, read_by_sender: true });
  return { own: { type: 'OutgoingWebhookSettled', data: { ...base, attempts: attempt, ...settle, message_ids } }, appends };
}

/** Settles a call that cannot be made any more (the bot deactivated or without a service, the message gone): the job ends, nobody is called. */
async function dropped(ctx: OutgoingWebhookDeps, jobKey: string, messageId: number, botId: number): Promise<void> {
  await ctx.bus.run(schedulerOrigin(jobKey), async () => {
    const history = await historyOf(ctx, messageId, botId);
    if (history.progress.settled) return { appends: [], result: undefined };
    const data = { message_id: messageId, bot_id: botId, attempts: history.progress.failedTries, outcome: 'dropped' as const, status: null, message_ids: [] };
    return { appends: [{ stream: streams.outgoingWebhook(messageId, botId), expected: history.expected, events: [{ type: 'OutgoingWebhookSettled', data }] }], result: undefined };
  });
}

/**
 * One call to an outgoing-webhook bot's service about a message, and its record: a failed attempt,
 * or how it settled together with the bot's reply and its owner's notice, appended at the revision
 * read before the call. A runner that loses the race reads again, finds the work recorded, and
 * appends nothing: the reply is posted once. The call itself is at least once (a process that
 * stops between the call and the record calls again when it restarts).
 */
export async function deliverOutgoingWebhook(ctx: OutgoingWebhookDeps, jobKey: string, messageId: number, botId: number, trigger: OutgoingWebhookTrigger): Promise<void> {
  let history = await historyOf(ctx, messageId, botId);
  if (history.progress.settled) return;
  const [message, bot] = [await ctx.models.messages.get(messageId), await ctx.models.users.get(botId)];
  const service = bot?.is_active ? botSettingsOf(bot).service : null;
  if (!message || !bot || !service) return dropped(ctx, jobKey, messageId, botId);
  const payloadOf = await payloadMessage(ctx, message);
  const payload = webhookPayload({ bot, token: ctx.apiKeys.serviceToken(botId), interface: service.interface }, payloadOf, trigger, realmHost(ctx));
  const call: OutgoingWebhookCall = payload
    ? await postWebhook({ url: service.base_url, ...payload, timeoutMs: ctx.config.outgoingWebhookTimeoutMs, allowPrivate: ctx.config.webhookAllowPrivateAddresses })
    : { kind: 'unsupported' };
  const attempt = payload ? history.progress.failedTries + 1 : 0;
  const channelName = message.recipient.type === 'channel' ? (await ctx.models.channels.get(message.recipient.channel_id))?.name : undefined;
  let first = true;
  await ctx.bus.run(schedulerOrigin(jobKey), async () => {
    if (!first) history = await historyOf(ctx, messageId, botId);
    first = false;
    if (history.progress.settled) return { appends: [], result: undefined };
    const facts = { interface: service.interface, failedTries: history.progress.failedTries, timeoutSeconds: ctx.config.outgoingWebhookTimeoutMs / 1000, command: message.content, messageUrl: messageUrl(ctx, message, channelName), botFullName: bot.full_name };
    const { own, appends } = await recordDecision(ctx, message, botId, bot.bot_owner_id, attempt, decideOutgoingWebhookCall(facts, call), (detail) => ownerNoticeText(facts, detail, call.kind === 'answered' ? quotedBody(call.body, true) : undefined));
    return { appends: [{ stream: streams.outgoingWebhook(messageId, botId), expected: history.expected, events: [own] }, ...appends], result: undefined };
  });
}
