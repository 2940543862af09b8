import { ApiError, type MessagePushAttempt, type MessagePushFacts, messagePushPayload, type MessageState } from '@chat/core';
import { REALM_KEY } from '@chat/projections';
import { apiEmail } from '@chat/wire';
import { realmHost } from '../realm-host.js';
import { sealedTargets, tokenTargets } from './device-targets.js';
import type { PushReceiverDevices } from './message-push-receivers.js';
import type { PushService } from './push-service.js';
import { pushOrigin } from './test-push-payload.js';
import type { Configured, Reads, Uses } from '../dependencies.js';

/** What deliverMessagePushes uses. */
type DeliverMessagePushesDeps = Configured & Uses<'log' | 'push'>;

/** Failures of the service itself (not of one device): the rest of an attempt would fail the same way. */
const SERVICE_FAILURES: ReadonlySet<string> = new Set(['FAILED_TO_CONNECT_BOUNCER', 'INTERNAL_SERVER_ERROR_ON_BOUNCER', 'ADMIN_ACTION_REQUIRED']);

/** What every receiver's push of this message says. */
export async function messagePushFacts(ctx: Configured & Reads<'channels' | 'realm' | 'users'>, message: MessageState): Promise<MessagePushFacts> {
  const [realm, sender] = [await ctx.models.realm.get(REALM_KEY), await ctx.models.users.get(message.sender_id)];
  const channel = message.recipient.type === 'channel' ? await ctx.models.channels.get(message.recipient.channel_id) : undefined;
  return {
    realm_name: realm?.name ?? '',
    realm_url: ctx.config.externalUrl,
    message_id: message.id,
    sender: { user_id: message.sender_id, email: sender ? apiEmail(sender, realmHost(ctx)) : '', full_name: sender?.full_name ?? '' },
    recipient: message.recipient,
    channel_name: channel?.name ?? null,
    rendered_content: message.rendered_content,
    sent_at: message.date_sent,
  };
}

async function pushTo(ctx: Configured & Uses<'push'>, service: PushService, receiver: PushReceiverDevices, payload: Record<string, unknown>): Promise<void> {
  const origin = pushOrigin(ctx, receiver.user_id);
  if (receiver.tokens.length > 0) await service.pushToTokens(origin, tokenTargets(ctx, receiver.user_id, receiver.tokens), payload);
  if (receiver.sealed.length > 0) await service.pushSealed(origin, await sealedTargets(receiver.sealed, payload));
}

/**
 * Pushes the message to each receiver's devices, one receiver at a time. A receiver the service fails
 * is noted, not thrown; once the service itself fails (unreachable, broken, refusing this server) the
 * receivers left are noted as failed without trying, so a dead bouncer costs one request per attempt.
 */
export async function deliverMessagePushes(ctx: DeliverMessagePushesDeps, service: PushService, facts: MessagePushFacts, receivers: readonly PushReceiverDevices[]): Promise<MessagePushAttempt> {
  const reached: number[] = [];
  const failed: number[] = [];
  let error_code: string | null = null;
  for (const receiver of receivers) {
    if (error_code !== null && SERVICE_FAILURES.has(error_code)) {
      failed.push(receiver.user_id);
      continue;
    }
    try {
      await pushTo(ctx, service, receiver, messagePushPayload(facts, receiver.user_id));
      reached.push(receiver.user_id);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      ctx.log.warn({ code: error.code, message_id: facts.message_id, user_id: receiver.user_id }, 'message push failed');
      failed.push(receiver.user_id);
      if (error_code === null || SERVICE_FAILURES.has(error.code)) error_code = error.code;
    }
  }
  return { reached, failed, error_code };
}
