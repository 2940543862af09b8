import type { ReactionRequest } from '@chat/core';
import type { CallOf } from '@chat/http';
import { addReaction, removeReaction } from '../actions/message-reactions.js';
import { callerUser, originOf } from './call-context.js';
import type { Clocked, Commands, Uses } from '../dependencies.js';

function reactionRequest(p: CallOf<'reaction-remove'>['params']): ReactionRequest {
  return { emoji_name: p.emoji_name, emoji_code: p.emoji_code, reaction_type: p.reaction_type };
}

/** POST /messages/{message_id}/reactions */
export async function addReactionEndpoint(ctx: Commands & Clocked & Uses<'models' | 'organization'>, call: CallOf<'reaction-add'>): Promise<Record<string, unknown>> {
  await addReaction(ctx, originOf(call), await callerUser(ctx, call), call.path.message_id, { ...reactionRequest(call.params), emoji_name: call.params.emoji_name });
  return {};
}

/** DELETE /messages/{message_id}/reactions */
export async function removeReactionEndpoint(ctx: Commands & Clocked & Uses<'models' | 'organization'>, call: CallOf<'reaction-remove'>): Promise<Record<string, unknown>> {
  await removeReaction(ctx, originOf(call), await callerUser(ctx, call), call.path.message_id, reactionRequest(call.params));
  return {};
}
