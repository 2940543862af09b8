import { clientName, isInteractiveClient, missingArgument } from '@chat/core';
import type { CallOf } from '@chat/http';
import type { SendInput } from '../actions/send-message.js';
import { type BotChannelNoticeDeps, sendTellingBotOwner } from '../actions/bot-channel-notice.js';
import { callerUser, originOf } from './call-context.js';

/** What sendMessageEndpoint uses. */
type SendMessageEndpointDeps = BotChannelNoticeDeps;

/** Direct recipients as a list; older clients send addresses separated by commas. */
function directRecipients(to: CallOf<'messages-send'>['params']['to']): readonly (string | number)[] {
  if (Array.isArray(to)) return to;
  if (typeof to === 'number') return [to];
  return to
    .split(',')
    .map((address) => address.trim())
    .filter((address) => address !== '');
}

/** POST /messages */
export async function sendMessageEndpoint(ctx: SendMessageEndpointDeps, call: CallOf<'messages-send'>): Promise<Record<string, unknown>> {
  const p = call.params;
  const type = p.type === 'stream' || p.type === 'channel' ? 'channel' : 'direct';
  const topic = p.topic ?? p.subject;
  if (type === 'channel' && topic === undefined) throw missingArgument('topic');
  const { queue_id, local_id } = p;
  if (queue_id !== undefined && local_id === undefined) throw missingArgument('local_id');
  const input: SendInput = {
    type,
    to: type === 'channel' ? p.to : directRecipients(p.to),
    topic: type === 'channel' ? topic : undefined,
    content: p.content,
    read_by_sender: typeof p.read_by_sender === 'boolean' ? p.read_by_sender : isInteractiveClient(clientName(call.client)),
  };
  if (queue_id !== undefined && local_id !== undefined) input.local_echo = { queue_id, local_id };
  const result = await sendTellingBotOwner(ctx, originOf(call), await callerUser(ctx, call), input);
  return { ...result };
}
