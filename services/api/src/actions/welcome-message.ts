import { administratorRequired, badRequest, isAdminRole, type UserState } from '@chat/core';
import type { Origin } from '../commands/command-bus.js';
import { botDirectMessageAppend } from './bot-notices.js';
import { welcomeBot } from './system-bots.js';
import type { Allocates, Commands, Configured, LogReads, Reads, Uses } from '../dependencies.js';

export type WelcomeMessageDeps = Commands & Configured & Allocates & LogReads & Reads<'users'> & Uses<'models' | 'organization'>;

/**
 * POST /realm/test_welcome_bot_custom_message: the Welcome Bot sends the acting administrator the
 * custom welcome text as new users would receive it. Answers the message's id.
 */
export async function sendTestWelcomeMessage(ctx: WelcomeMessageDeps, origin: Origin, admin: UserState, text: string): Promise<number> {
  if (!isAdminRole(admin.role)) throw administratorRequired();
  if (text.length === 0) throw badRequest('Message must not be empty');
  const bot = await welcomeBot(ctx, origin);
  return ctx.bus.run(origin, async () => {
    const append = await botDirectMessageAppend(ctx, admin.user_id, text, [], bot);
    const sent = append.events[0];
    if (sent?.type !== 'MessageSent') throw new Error('the welcome message was not decided');
    return { appends: [append], result: sent.data.message_id };
  });
}
