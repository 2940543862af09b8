import { messagePushJobKey } from '@chat/projections';
import type { ApiClient } from './api-client.js';
import { isJsonObject, type JsonObject } from './json-fields.js';
import { readLogRows } from './log-rows.js';
import type { LoopbackBouncer } from './loopback-bouncer.js';
import { expectSuccess } from './response-assertions.js';
import type { TestServer } from './test-server.js';

/** A legacy FCM token the user registers (allowed with or without a push service). */
export const fcmTokenOf = (client: ApiClient): string => `fcm-token-of-user-${client.userId}`;

export async function registerFcmToken(client: ApiClient): Promise<void> {
  expectSuccess(await client.post('/users/me/android_gcm_reg_id', { token: fcmTokenOf(client) }));
}

/** Runs the due scheduled work, as the scheduler's tick would. */
export const runJobs = (server: TestServer): Promise<number> => server.ctx.scheduler.runDue();

/** Whether the message still has a push job waiting. */
export async function hasPushJob(server: TestServer, messageId: number): Promise<boolean> {
  return (await server.ctx.models.scheduledJobs.get(messagePushJobKey(messageId))) !== undefined;
}

/** The legacy pushes the bouncer received for a user, as `{devices, payload}` bodies. */
export const legacyPushesTo = (bouncer: LoopbackBouncer, userId: number): JsonObject[] => bouncer.at('/notify').filter((body) => body.user_id === userId);

/** The message ids of the legacy pushes the bouncer received for a user. */
export const pushedMessageIds = (bouncer: LoopbackBouncer, userId: number): unknown[] =>
  legacyPushesTo(bouncer, userId).map((body) => (isJsonObject(body.payload) ? body.payload.message_id : undefined));

/** The MessagePushesSent / MessagePushFailed records of one message, oldest first. */
export const pushRecords = (server: TestServer, messageId: number): { type: string; data: Record<string, unknown> }[] =>
  readLogRows(server)
    .filter((row) => row.stream === `messagepush-${messageId}`)
    .map((row) => ({ type: row.type, data: JSON.parse(row.data) as Record<string, unknown> }));

/** The record of a message whose pushes reached these users (none: nobody qualified). */
export const pushesSent = (messageId: number, userIds: number[] = []): { type: string; data: Record<string, unknown> } => ({
  type: 'MessagePushesSent',
  data: { message_id: messageId, user_ids: userIds },
});

/** Each test starts with a bouncer that answers success and has received nothing. */
export function resetBouncer(bouncer: LoopbackBouncer): void {
  bouncer.answer = { kind: 'success' };
  bouncer.received.length = 0;
}

export async function stopServerAndBouncer(server: TestServer, bouncer: LoopbackBouncer): Promise<void> {
  await server.stop();
  await bouncer.close();
}
