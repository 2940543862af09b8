import { badRequest } from '@chat/core';
import type { CallOf } from '@chat/http';
import { asOfParameter, channelReadersAnswer, messageAnswer, messagePositionOf, organizationAnswer, organizationAsOf, userPermissionsAnswer } from '@chat/projections/history/index';
import type { Commands, Reads, Uses } from '../dependencies.js';
import { admitQuestion } from './history-access.js';

type HistoryViewDeps = Reads<'users'> & Commands & Uses<'history'>;

/** GET /audit/organization (an extension, owners only): the organization as of `position` or `at`. */
export async function organizationAsOfEndpoint(ctx: HistoryViewDeps, call: CallOf<'audit-as-of'>): Promise<Record<string, unknown>> {
  const asOf = await admitQuestion(ctx, call, 'organization', () => asOfParameter(call.params));
  return organizationAnswer(await organizationAsOf(ctx.history.organization, asOf));
}

/** GET /audit/channels/{stream_id}/readers (an extension, owners only): who could read the channel then. */
export async function channelReadersEndpoint(ctx: HistoryViewDeps, call: CallOf<'audit-channel-readers'>): Promise<Record<string, unknown>> {
  const asOf = await admitQuestion(ctx, call, 'channel_readers', () => asOfParameter(call.params));
  const answer = channelReadersAnswer(await organizationAsOf(ctx.history.organization, asOf), call.path.stream_id);
  if (answer === null) throw badRequest('Invalid channel ID');
  return answer;
}

/** GET /audit/messages/{message_id} (an extension, owners only): the message as it was then, or deleted, or erased. */
export async function messageAsOfEndpoint(ctx: HistoryViewDeps, call: CallOf<'audit-message'>): Promise<Record<string, unknown>> {
  const asOf = await admitQuestion(ctx, call, 'message', () => asOfParameter(call.params));
  const messageId = call.path.message_id;
  const events = await ctx.history.messageEvents(messageId);
  const answer = messageAnswer(events, messageId, messagePositionOf(events, asOf));
  if (answer === null) throw badRequest('Invalid message(s)');
  return { ...answer };
}

/** GET /audit/users/{user_id}/permissions (an extension, owners only): the user's effective permissions then. */
export async function userPermissionsEndpoint(ctx: HistoryViewDeps, call: CallOf<'audit-user-permissions'>): Promise<Record<string, unknown>> {
  const asOf = await admitQuestion(ctx, call, 'user_permissions', () => asOfParameter(call.params));
  const answer = userPermissionsAnswer(await organizationAsOf(ctx.history.organization, asOf), call.path.user_id);
  if (answer === null) throw badRequest('No such user');
  return answer;
}
