import { NOTIFICATION_BOT } from '@chat/core';
import { loggedData } from './log-rows.js';
import type { TestServer } from './test-server.js';

/** The messages the notification bot sent, oldest first, as the log records them. */
export async function botMessages(server: TestServer): Promise<Record<string, unknown>[]> {
  const bot = await server.ctx.models.users.findOne('email', NOTIFICATION_BOT.email);
  return loggedData(server, 'MessageSent').filter((data) => data.sender_id === bot?.user_id);
}

/** The notification bot's direct messages to one user, oldest first. */
export async function botMessagesTo(server: TestServer, userId: number): Promise<Record<string, unknown>[]> {
  return (await botMessages(server)).filter((data) => {
    const recipient = data.recipient as { type: string; user_ids?: number[] };
    return recipient.type === 'direct' && recipient.user_ids?.includes(userId) === true;
  });
}
